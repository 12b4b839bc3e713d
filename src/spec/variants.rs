//! A component's variants: listed in its YAML (or made by `matrix:`), or the rows of a data file
//! (`data:`) kept as their cells' text and made into variants when asked for. A deck of 10,000
//! rows then holds about 30 bytes a card (its cells and where each ends) instead of a variant,
//! its tags and their strings (about 300 bytes).
use std::borrow::Cow;
use std::sync::Arc;

use serde::{Deserialize, Deserializer};
use serde_saphyr::Spanned;

use super::matrix::Subst;
use super::model::{AxisValue, Face, Variant};

#[derive(Debug)]
pub enum Variants {
    Listed(Vec<Variant>),
    Rows(Box<RowTable>),
}

impl Default for Variants {
    fn default() -> Self {
        Variants::Listed(Vec::new())
    }
}

/// Written as a list of variants.
impl<'de> Deserialize<'de> for Variants {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<Variant>::deserialize(d).map(Variants::Listed)
    }
}

impl From<Vec<Variant>> for Variants {
    fn from(list: Vec<Variant>) -> Self {
        Variants::Listed(list)
    }
}

impl Variants {
    pub fn len(&self) -> usize {
        match self {
            Variants::Listed(list) => list.len(),
            Variants::Rows(rows) => rows.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Variant `i`'s id, without making a row's whole variant.
    pub fn id(&self, i: usize) -> Option<Cow<'_, str>> {
        match self {
            Variants::Listed(list) => list.get(i).map(|v| Cow::Borrowed(v.id.value.as_str())),
            Variants::Rows(rows) => (i < rows.len()).then(|| rows.id(i)),
        }
    }

    /// Variant `i`: borrowed when listed, made from its row otherwise.
    pub fn get(&self, i: usize) -> Option<Cow<'_, Variant>> {
        match self {
            Variants::Listed(list) => list.get(i).map(Cow::Borrowed),
            Variants::Rows(rows) => (i < rows.len()).then(|| Cow::Owned(rows.variant(i))),
        }
    }

    /// Every variant in order (a data file's made one at a time, never held together).
    pub fn iter(&self) -> impl Iterator<Item = Cow<'_, Variant>> + '_ {
        (0..self.len()).map_while(|i| self.get(i))
    }

    /// Sets the copies of every variant (`--copies card=3`).
    pub fn set_all_copies(&mut self, copies: Spanned<u32>) {
        match self {
            Variants::Listed(list) => {
                for v in list {
                    v.copies = Some(Box::new(copies.clone()));
                }
            }
            Variants::Rows(rows) => {
                rows.one_copies.clear();
                rows.all_copies = Some(copies);
            }
        }
    }

    /// Sets the copies of the variant with id `id` (`--copies card.c5=3`); false when there
    /// is none.
    pub fn set_copies(&mut self, id: &str, copies: Spanned<u32>) -> bool {
        match self {
            Variants::Listed(list) => match list.iter_mut().find(|v| v.id.value == id) {
                Some(v) => v.copies = Some(Box::new(copies)),
                None => return false,
            },
            Variants::Rows(rows) => match rows.row_of(id) {
                Some(row) => {
                    rows.one_copies.retain(|(r, _)| *r != row);
                    rows.one_copies.push((row, copies));
                }
                None => return false,
            },
        }
        true
    }

    pub fn shrink_to_fit(&mut self) {
        match self {
            Variants::Listed(list) => list.shrink_to_fit(),
            Variants::Rows(rows) => rows.shrink_to_fit(),
        }
    }
}

/// A data file's rows as their cells' text, every row's cells one after another, and the faces
/// they fill in. The rows were checked when read (ids, counts, symbols, colours, what the faces
/// print), so making a variant from one, or filling in its faces, cannot fail.
#[derive(Debug)]
pub struct RowTable {
    /// Every cell of every row, as read, without separators.
    text: String,
    /// Where each cell ends in `text`: row `r`'s are `ends[r * width..(r + 1) * width]`.
    ends: Vec<u32>,
    /// The file's columns as tag keys (every row's tags share them).
    keys: Vec<Arc<str>>,
    /// Which columns are the variant's `id` and `copies` (the others are tags).
    id_column: Option<usize>,
    copies_column: Option<usize>,
    /// Where `data:` is written: each variant's id and count are located there.
    at: Spanned<()>,
    /// `--copies` overrides, in the order given, as they would be set on listed variants: of
    /// every row (which clears those of single rows before it), then of single rows.
    all_copies: Option<Spanned<u32>>,
    one_copies: Vec<(usize, Spanned<u32>)>,
    /// The component's faces as written, with `{row.<column>}` in them: each row's are filled in
    /// when asked for (`front`, `back`), not held filled.
    front: Face,
    back: Option<Face>,
}

impl RowTable {
    /// An empty table of these columns (`id` and `copies` at those indices), located at `at`.
    pub fn new(
        keys: Vec<Arc<str>>,
        id: Option<usize>,
        copies: Option<usize>,
        at: Spanned<()>,
    ) -> Self {
        RowTable {
            text: String::new(),
            ends: Vec::new(),
            keys,
            id_column: id,
            copies_column: copies,
            at,
            all_copies: None,
            one_copies: Vec::new(),
            front: Face::default(),
            back: None,
        }
    }

    /// This table, whose rows fill in `front` and `back` (the component's faces as written).
    pub fn with_faces(self, front: Face, back: Option<Face>) -> Self {
        RowTable {
            front,
            back,
            ..self
        }
    }

    /// The front variant `v` (one of these rows) fills in.
    pub fn front(&self, v: &Variant) -> Face {
        self.fill(v, &self.front)
    }

    /// The back variant `v` fills in, when the component has one.
    pub fn back(&self, v: &Variant) -> Option<Face> {
        self.back.as_ref().map(|b| self.fill(v, b))
    }

    /// `face` with `v`'s row put back together from its id and tags (every non-empty cell
    /// but `copies`, which a face of such a table does not print: see `data::Made::filled`).
    fn fill(&self, v: &Variant, face: &Face) -> Face {
        let cell = |i: usize, name: &str| match v.tags.get(name) {
            _ if Some(i) == self.id_column => v.id.value.clone(),
            Some(value) => value.clone(),
            None => String::new(),
        };
        let value = AxisValue {
            id: v.id.clone(),
            tags: Default::default(),
            props: (self.keys.iter().enumerate())
                .map(|(i, name)| (name.to_string(), cell(i, name)))
                .collect(),
        };
        let picked = [(super::data::ROW, &value)];
        Subst::new(&picked).face(face)
    }

    /// Cells a row (at least one, so that an empty header could not divide by zero; the data
    /// file's header names at least one column).
    fn width(&self) -> usize {
        self.keys.len().max(1)
    }

    /// Row `row`'s id: its `id` cell, or its number from 1 without an `id` column.
    fn id(&self, row: usize) -> Cow<'_, str> {
        match self.id_column {
            Some(column) => Cow::Borrowed(self.cell(row, column)),
            None => Cow::Owned((row + 1).to_string()),
        }
    }

    pub fn len(&self) -> usize {
        self.ends.len() / self.width()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds a row of cells (checked by the caller). False, and nothing added, unless it has one
    /// cell per column, or when the text would outgrow the table's offsets (a data file is far
    /// smaller).
    pub fn push<'c>(&mut self, cells: impl IntoIterator<Item = &'c str>) -> bool {
        let start = (self.text.len(), self.ends.len());
        for cell in cells {
            self.text.push_str(cell);
            let Ok(end) = u32::try_from(self.text.len()) else {
                break;
            };
            self.ends.push(end);
        }
        // Short after an overflow, as after a short row.
        let whole = self.ends.len() - start.1 == self.width();
        if !whole {
            self.text.truncate(start.0);
            self.ends.truncate(start.1);
        }
        whole
    }

    /// The row whose variant has id `id`, without making every variant to find it.
    fn row_of(&self, id: &str) -> Option<usize> {
        match self.id_column {
            Some(column) => (0..self.len()).find(|&row| self.cell(row, column) == id),
            // Rows are numbered from 1, as written (`2`, not `02`).
            None => id
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1 && n <= self.len() && n.to_string() == id)
                .map(|n| n - 1),
        }
    }

    /// Cell `column` of row `row`: both in the table (the callers here see to it).
    fn cell(&self, row: usize, column: usize) -> &str {
        let i = row * self.width() + column;
        let start = match i {
            0 => 0,
            i => self.ends[i - 1] as usize,
        };
        &self.text[start..self.ends[i] as usize]
    }

    /// The variant row `row` makes: its id (the row's number from 1 without an `id` column),
    /// its count and its tags (its other non-empty cells). Its faces are filled in from its
    /// tags when drawn (`Component::variant_front`). `row` is in the table (`Variants::get`
    /// sees to it).
    pub(super) fn variant(&self, row: usize) -> Variant {
        let id = self.id(row).into_owned();
        let overridden = self.one_copies.iter().find(|(r, _)| *r == row);
        let copies = match (overridden, &self.all_copies, self.copies_column) {
            (Some((_, n)), _, _) | (None, Some(n), _) => Some(n.clone()),
            (None, None, Some(column)) => self
                .cell(row, column)
                .parse::<u32>()
                .ok()
                .map(|n| self.located(n)),
            (None, None, None) => None,
        };
        let special = [self.id_column, self.copies_column];
        let tags = (self.keys.iter().enumerate())
            .filter(|(i, _)| !special.contains(&Some(*i)))
            .map(|(i, key)| (key.clone(), self.cell(row, i)))
            .filter(|(_, cell)| !cell.is_empty())
            .map(|(key, cell)| (key, cell.to_string()))
            .collect();
        Variant {
            id: self.located(id),
            copies: copies.map(Box::new),
            tags,
            front: None,
            back: None,
        }
    }

    fn located<T>(&self, value: T) -> Spanned<T> {
        Spanned::new(value, self.at.referenced, self.at.defined)
    }

    fn shrink_to_fit(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_saphyr::Location;

    fn table() -> RowTable {
        let keys = ["id", "title", "copies", "suit"].map(Arc::from).to_vec();
        let at = Spanned::new((), Location::UNKNOWN, Location::UNKNOWN);
        let mut t = RowTable::new(keys, Some(0), Some(2), at);
        assert!(t.push(["c1", "One", "3", "suns"]));
        assert!(t.push(["c2", "", "", "moons"]));
        t
    }

    #[test]
    fn a_row_makes_its_variant_with_its_non_empty_cells_as_tags() {
        let t = table();
        assert_eq!(t.len(), 2);
        let v = t.variant(0);
        assert_eq!(v.id.value, "c1");
        assert_eq!(v.copies.map(|c| c.value), Some(3));
        let tags: Vec<_> = v.tags.iter().map(|(k, v)| (k, v.as_str())).collect();
        // In key order, as every variant's tags are.
        assert_eq!(tags, [("suit", "suns"), ("title", "One")]);
        let v = t.variant(1);
        assert_eq!((v.id.value.as_str(), v.copies), ("c2", None));
        assert_eq!(v.tags.keys().collect::<Vec<_>>(), ["suit"]);
    }

    #[test]
    fn copies_overrides_on_rows_apply_in_order_as_on_listed_variants() {
        let mut variants = Variants::Rows(Box::new(table()));
        let n = |n| Spanned::new(n, Location::UNKNOWN, Location::UNKNOWN);
        assert!(variants.set_copies("c2", n(5)));
        assert!(!variants.set_copies("c9", n(5)));
        variants.set_all_copies(n(2));
        assert!(variants.set_copies("c1", n(7)));
        let copies: Vec<_> = variants
            .iter()
            .map(|v| v.copies.as_ref().map(|c| c.value))
            .collect();
        assert_eq!(copies, [Some(7), Some(2)]);
    }

    #[test]
    fn without_an_id_column_a_row_is_named_by_its_number() {
        let keys = ["title"].map(Arc::from).to_vec();
        let at = Spanned::new((), Location::UNKNOWN, Location::UNKNOWN);
        let mut t = RowTable::new(keys, None, None, at);
        assert!(t.push(["a"]) && t.push(["b"]));
        assert_eq!(t.variant(1).id.value, "2");
        assert_eq!(t.cell(1, 0), "b");
        // Found as written: `2`, not `02` or `3`.
        assert_eq!(t.row_of("2"), Some(1));
        assert_eq!(
            (t.row_of("02"), t.row_of("3"), t.row_of("0")),
            (None, None, None)
        );
    }

    #[test]
    fn a_row_of_the_wrong_width_is_refused_and_leaves_the_table_as_it_was() {
        let mut t = table();
        assert!(!t.push(["c3", "Three", "1"]));
        assert!(!t.push(["c3", "Three", "1", "suns", "extra"]));
        assert_eq!(t.len(), 2);
        assert!(t.push(["c3", "Three", "1", "suns"]));
        assert_eq!(t.variant(2).id.value, "c3");
        assert_eq!(t.row_of("c3"), Some(2));
    }
}
