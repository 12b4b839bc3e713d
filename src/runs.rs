//! Lists kept as runs of values that step evenly: the records a large deck has one of per card
//! (its faces, which faces each piece shows, what the layout places) follow each other by counting — the
//! next piece, the next front face, the same back — so a run is its first value, how many, and
//! the step. A value joins the last run only when the run gives it back exactly, so a reader
//! gets what was put.

/// A value that a run can hold: how the next one follows it, and moving on by steps.
pub trait Stepping: Sized {
    type Step: Copy + Default + std::fmt::Debug;
    /// The step from `self` to `next`, if `next` can follow it in a run.
    fn step_to(&self, next: &Self) -> Option<Self::Step>;
    /// `self` moved on `k` steps. `Runs` also asks for the value one past a run's end (`k` equal
    /// to its count), which may lie past the numbers' range: it must not panic then (wrap), and
    /// `same` will tell it from the value pushed.
    fn nth(&self, step: Self::Step, k: u32) -> Self;
    /// Equal, bit for bit.
    fn same(&self, other: &Self) -> bool;
}

#[derive(Debug, Clone)]
pub struct Runs<T: Stepping> {
    runs: Vec<Run<T>>,
    len: usize,
}

/// `count` values: `first`, then each `step` on from the one before.
#[derive(Debug, Clone)]
pub struct Run<T: Stepping> {
    pub first: T,
    pub count: u32,
    step: T::Step,
    /// The number of `first` in the whole list.
    start: usize,
}

impl<T: Stepping> Run<T> {
    /// Value `k` of the run (`k < count`).
    pub fn at(&self, k: u32) -> T {
        self.first.nth(self.step, k)
    }
}

impl<T: Stepping> Default for Runs<T> {
    fn default() -> Self {
        Runs {
            runs: Vec::new(),
            len: 0,
        }
    }
}

impl<T: Stepping> Runs<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn push(&mut self, value: T) {
        self.len += 1;
        if let Some(last) = self.runs.last_mut()
            && last.count < u32::MAX
        {
            let step = match last.count {
                1 => last.first.step_to(&value),
                _ => Some(last.step),
            };
            if let Some(step) = step
                && last.first.nth(step, last.count).same(&value)
            {
                last.step = step;
                last.count += 1;
                return;
            }
        }
        self.runs.push(Run {
            first: value,
            count: 1,
            step: T::Step::default(),
            start: self.len - 1,
        });
    }

    /// Value number `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<T> {
        if i >= self.len {
            return None;
        }
        let run = &self.runs[self.runs.partition_point(|r| r.start <= i) - 1];
        Some(run.at((i - run.start) as u32))
    }

    /// Every value, in order.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.runs.iter().flat_map(|r| (0..r.count).map(|k| r.at(k)))
    }

    /// The runs, in order.
    pub fn runs(&self) -> &[Run<T>] {
        &self.runs
    }

    /// Held for the whole build: without the room a growing list keeps.
    pub fn shrink_to_fit(&mut self) {
        self.runs.shrink_to_fit();
    }
}

impl<T: Stepping> FromIterator<T> for Runs<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut runs = Runs::new();
        runs.extend(iter);
        runs
    }
}

impl<T: Stepping> Extend<T> for Runs<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for value in iter {
            self.push(value);
        }
    }
}

/// `n` moved on `k` steps of `by` (faces and pieces are numbered from 0 up); wrapping, as
/// `Stepping::nth` must.
pub fn moved(n: usize, by: i64, k: u32) -> usize {
    (n as i64).wrapping_add(i64::from(k).wrapping_mul(by)) as usize
}

/// A piece's front face and back face (if it has one), as drawing numbers them.
impl Stepping for (usize, Option<usize>) {
    /// Steps of the front and back face numbers.
    type Step = (i64, i64);

    fn step_to(&self, next: &Self) -> Option<(i64, i64)> {
        let back = match (self.1, next.1) {
            (Some(a), Some(b)) => b as i64 - a as i64,
            (None, None) => 0,
            _ => return None,
        };
        Some((next.0 as i64 - self.0 as i64, back))
    }

    fn nth(&self, (front, back): (i64, i64), k: u32) -> Self {
        (moved(self.0, front, k), self.1.map(|b| moved(b, back, k)))
    }

    fn same(&self, other: &Self) -> bool {
        self == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_faces_of_pieces_come_back_from_their_runs() {
        // Fronts 0, 2, 3, 4… with one shared back (face 1), then fronts and backs interleaved,
        // then a piece out of step.
        let mut all: Vec<(usize, Option<usize>)> = vec![(0, Some(1))];
        all.extend((2..40).map(|f| (f, Some(1))));
        all.extend((0..20).map(|k| (40 + 2 * k, Some(41 + 2 * k))));
        all.push((3, None));
        all.push((90, None));
        let runs: Runs<_> = all.iter().copied().collect();
        // [0, 2] [3..39] [40, 42…] [3, 90]: a run takes its step from its second value.
        assert_eq!(runs.runs().len(), 4, "{:?}", runs.runs());
        assert_eq!(runs.len(), all.len());
        assert_eq!(runs.iter().collect::<Vec<_>>(), all);
        for (i, v) in all.iter().enumerate() {
            assert_eq!(runs.get(i), Some(*v));
        }
        assert_eq!(runs.get(all.len()), None);
    }
}
