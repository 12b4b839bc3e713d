//! The solids of polyhedral dice and their printable nets: a solid's faces unfolded flat along a
//! spanning tree of its faces, the glue tabs on one side of each edge the unfolding cut, and the
//! cut line round the whole. Lengths are in units of the solid's edge (a d10's long edge); a net
//! is computed once a solid and scaled.
//!
//! Faces are numbered as a die's faces are listed: face i and face n−1−i lie opposite (parallel,
//! on either side of the centre), so a die listed 1…n has opposite faces summing to n+1 (a d10
//! listed 0…9, to 9). The tetrahedron has no opposite faces.
use std::sync::OnceLock;

/// A point of a net (mm or edge units), y down as in SVG.
pub type Pt = (f64, f64);

/// The solids a die can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solid {
    Tetrahedron,
    Octahedron,
    /// The pentagonal trapezohedron: ten kites, five round each apex.
    Trapezohedron,
    Dodecahedron,
    Icosahedron,
}

/// Glue tabs are this deep, in edges (less on a short edge).
pub const TAB_DEPTH: f64 = 0.22;

impl Solid {
    /// The solid with `faces` faces (not the cube, whose net is drawn on its own).
    pub fn with_faces(faces: usize) -> Option<Solid> {
        Some(match faces {
            4 => Solid::Tetrahedron,
            8 => Solid::Octahedron,
            10 => Solid::Trapezohedron,
            12 => Solid::Dodecahedron,
            20 => Solid::Icosahedron,
            _ => return None,
        })
    }

    pub fn faces(self) -> usize {
        match self {
            Solid::Tetrahedron => 4,
            Solid::Octahedron => 8,
            Solid::Trapezohedron => 10,
            Solid::Dodecahedron => 12,
            Solid::Icosahedron => 20,
        }
    }

    /// Whether face i has an opposite face n−1−i.
    pub fn has_opposites(self) -> bool {
        self != Solid::Tetrahedron
    }

    /// Its vertices and faces, each face's vertices counter-clockwise seen from outside, in die
    /// order (face i opposite n−1−i), the edge (a d10's long edge) 1.
    pub fn mesh(self) -> Mesh {
        let (vertices, faces) = match self {
            Solid::Tetrahedron => (
                vec![
                    [1.0, 1.0, 1.0],
                    [1.0, -1.0, -1.0],
                    [-1.0, 1.0, -1.0],
                    [-1.0, -1.0, 1.0],
                ],
                vec![vec![0, 1, 2], vec![0, 3, 1], vec![0, 2, 3], vec![1, 3, 2]],
            ),
            Solid::Octahedron => {
                let v = vec![
                    [1.0, 0.0, 0.0],
                    [-1.0, 0.0, 0.0],
                    [0.0, 1.0, 0.0],
                    [0.0, -1.0, 0.0],
                    [0.0, 0.0, 1.0],
                    [0.0, 0.0, -1.0],
                ];
                let mut f = Vec::new();
                for &x in &[0, 1] {
                    for &y in &[2, 3] {
                        for &z in &[4, 5] {
                            f.push(vec![x, y, z]);
                        }
                    }
                }
                (v, f)
            }
            Solid::Icosahedron => {
                let p = (1.0 + 5f64.sqrt()) / 2.0;
                let mut v = Vec::new();
                for &a in &[-1.0, 1.0] {
                    for &b in &[-p, p] {
                        v.push([0.0, a, b]);
                        v.push([a, b, 0.0]);
                        v.push([b, 0.0, a]);
                    }
                }
                (v.clone(), hull_faces(&v, 3))
            }
            Solid::Dodecahedron => {
                let p = (1.0 + 5f64.sqrt()) / 2.0;
                let mut v = Vec::new();
                for &a in &[-1.0, 1.0] {
                    for &b in &[-1.0, 1.0] {
                        for &c in &[-1.0, 1.0] {
                            v.push([a, b, c]);
                        }
                        v.push([0.0, a / p, b * p]);
                        v.push([a / p, b * p, 0.0]);
                        v.push([b * p, 0.0, a / p]);
                    }
                }
                (v.clone(), hull_faces(&v, 5))
            }
            Solid::Trapezohedron => {
                // Apexes on the axis, a zigzag of ten round it; the kites are flat when the apex
                // height is z·(1 + cos 36°)/(1 − cos 36°).
                let c = 36f64.to_radians().cos();
                let z = 0.1056;
                let h = z * (1.0 + c) / (1.0 - c);
                let mut v = vec![[0.0, 0.0, h], [0.0, 0.0, -h]];
                for k in 0..10 {
                    let a = (36.0 * k as f64).to_radians();
                    let up = if k % 2 == 1 { z } else { -z };
                    v.push([a.cos(), a.sin(), up]);
                }
                let ring = |k: usize| 2 + k % 10;
                let mut f = Vec::new();
                for k in 0..5 {
                    // The top kite round the low vertex at 72k°, the bottom one round the
                    // high vertex at 72k + 36°.
                    f.push(vec![0, ring(2 * k + 9), ring(2 * k), ring(2 * k + 1)]);
                    f.push(vec![1, ring(2 * k + 2), ring(2 * k + 1), ring(2 * k)]);
                }
                (v, f)
            }
        };
        let mesh = Mesh { vertices, faces };
        mesh.outward()
            .scaled_to_unit_edge()
            .in_die_order(self.has_opposites())
    }

    /// Its net, in edges; computed once.
    pub fn unit_net(self) -> &'static Net {
        static NETS: [OnceLock<Net>; 5] = [const { OnceLock::new() }; 5];
        let i = match self {
            Solid::Tetrahedron => 0,
            Solid::Octahedron => 1,
            Solid::Trapezohedron => 2,
            Solid::Dodecahedron => 3,
            Solid::Icosahedron => 4,
        };
        NETS[i].get_or_init(|| best_net(self))
    }

    /// Its net for an edge of `edge` mm.
    pub fn net(self, edge: f64) -> Net {
        self.unit_net().scaled(edge)
    }

    /// Its width across, face to opposite face (a d4's from a face to the corner it faces), in
    /// edges: how big it looks on a table.
    pub fn across(self) -> f64 {
        let m = self.mesh();
        let n = m.normal(0);
        let along = m.vertices.iter().map(|v| dot(n, *v));
        let (lo, hi) = along.fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
        hi - lo
    }

    /// The vertex a kite's mark points to (its apex), if its faces have one.
    fn apex_up(self) -> bool {
        self == Solid::Trapezohedron
    }
}

/// A solid: vertices and faces (vertex indices counter-clockwise from outside).
#[derive(Debug, Clone)]
pub struct Mesh {
    pub vertices: Vec<[f64; 3]>,
    pub faces: Vec<Vec<usize>>,
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn norm(a: [f64; 3]) -> f64 {
    dot(a, a).sqrt()
}
fn unit(a: [f64; 3]) -> [f64; 3] {
    let l = norm(a);
    [a[0] / l, a[1] / l, a[2] / l]
}

/// The faces of the convex hull of `v` (a regular solid centred on the origin) with `k`
/// vertices each: every k-set of vertices on a plane with all others behind it, ordered round
/// its centre counter-clockwise from outside.
fn hull_faces(v: &[[f64; 3]], k: usize) -> Vec<Vec<usize>> {
    // The shortest distance between vertices is the edge; a face's vertices are those nearest
    // the face's centre direction. Find each face from an edge pair and the plane through it.
    let n = v.len();
    let edge = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .map(|(a, b)| norm(sub(v[a], v[b])))
        .fold(f64::MAX, f64::min);
    let near = |a: usize, b: usize| (norm(sub(v[a], v[b])) - edge).abs() < 1e-9;
    let mut faces: Vec<Vec<usize>> = Vec::new();
    for a in 0..n {
        for b in 0..n {
            for c in 0..n {
                if a == b || b == c || a == c || !near(a, b) || !near(b, c) {
                    continue;
                }
                let normal = unit(cross(sub(v[b], v[a]), sub(v[c], v[a])));
                let d = dot(normal, v[a]);
                if d <= 0.0 || v.iter().any(|p| dot(normal, *p) > d + 1e-9) {
                    continue;
                }
                let mut on: Vec<usize> = (0..n)
                    .filter(|&i| (dot(normal, v[i]) - d).abs() < 1e-9)
                    .collect();
                if on.len() != k {
                    continue;
                }
                // Counter-clockwise round the centre, seen from outside (along −normal).
                let centre = on.iter().fold([0.0; 3], |s, &i| {
                    [s[0] + v[i][0], s[1] + v[i][1], s[2] + v[i][2]]
                });
                let centre = centre.map(|x| x / k as f64);
                let e1 = unit(sub(v[on[0]], centre));
                let e2 = cross(normal, e1);
                let angle = |i: usize| {
                    let p = sub(v[i], centre);
                    dot(p, e2).atan2(dot(p, e1))
                };
                on.sort_by(|&i, &j| angle(i).total_cmp(&angle(j)));
                let mut canon = on.clone();
                canon.sort_unstable();
                if !faces.iter().any(|f| {
                    let mut s = f.clone();
                    s.sort_unstable();
                    s == canon
                }) {
                    faces.push(on);
                }
            }
        }
    }
    faces
}

impl Mesh {
    fn normal(&self, f: usize) -> [f64; 3] {
        let p = &self.faces[f];
        let v = &self.vertices;
        unit(cross(sub(v[p[1]], v[p[0]]), sub(v[p[2]], v[p[0]])))
    }

    /// Each face's corners turned counter-clockwise seen from outside (the solid is centred).
    fn outward(mut self) -> Mesh {
        for f in 0..self.faces.len() {
            if dot(self.normal(f), self.vertices[self.faces[f][0]]) < 0.0 {
                self.faces[f].reverse();
            }
        }
        self
    }

    /// The longest edge made 1.
    fn scaled_to_unit_edge(mut self) -> Mesh {
        let longest = self
            .faces
            .iter()
            .flat_map(|f| (0..f.len()).map(move |i| (f[i], f[(i + 1) % f.len()])))
            .map(|(a, b)| norm(sub(self.vertices[a], self.vertices[b])))
            .fold(0.0, f64::max);
        for p in &mut self.vertices {
            *p = p.map(|x| x / longest);
        }
        self
    }

    /// Faces reordered so that face i and n−1−i are opposite: the faces facing up (or, on the
    /// equator, the first way round) first, ordered round the axis, each opposite at the mirror
    /// place.
    fn in_die_order(mut self, opposites: bool) -> Mesh {
        if !opposites {
            return self;
        }
        let n = self.faces.len();
        let normals: Vec<[f64; 3]> = (0..n).map(|f| self.normal(f)).collect();
        let key = |v: [f64; 3]| {
            let r = |x: f64| (x * 1e6).round() as i64;
            (r(v[0]), r(v[1]), r(v[2]))
        };
        let positive = |v: [f64; 3]| key(v) > key(v.map(|x| -x));
        let mut first: Vec<usize> = (0..n).filter(|&f| positive(normals[f])).collect();
        first.sort_by(|&a, &b| {
            let (na, nb) = (normals[a], normals[b]);
            nb[2]
                .total_cmp(&na[2])
                .then(na[1].atan2(na[0]).total_cmp(&nb[1].atan2(nb[0])))
        });
        let mut order = vec![usize::MAX; n];
        for (i, &f) in first.iter().enumerate() {
            let back = (0..n)
                .find(|&g| dot(normals[g], normals[f]) < -1.0 + 1e-9)
                .expect("a centred solid's faces come in opposite pairs");
            order[i] = f;
            order[n - 1 - i] = back;
        }
        self.faces = order.into_iter().map(|f| self.faces[f].clone()).collect();
        self
    }

    /// The faces that share an edge with face f, in the order of f's edges.
    fn neighbours(&self, f: usize) -> Vec<usize> {
        let p = &self.faces[f];
        (0..p.len())
            .filter_map(|i| {
                let (a, b) = (p[i], p[(i + 1) % p.len()]);
                self.faces
                    .iter()
                    .position(|q| (0..q.len()).any(|j| q[j] == b && q[(j + 1) % q.len()] == a))
            })
            .collect()
    }
}

/// A printable net: each face's corners in die order, the folds, the tabs and the cut line.
#[derive(Debug, Clone)]
pub struct Net {
    /// Each face's corners (die order), going round it.
    pub faces: Vec<Vec<Pt>>,
    /// Each face's corner its mark points to (its top).
    pub tops: Vec<usize>,
    /// Each face's solid vertex at each corner.
    pub corners: Vec<Vec<usize>>,
    /// Fold lines: the edges between faces, and each tab's base.
    pub folds: Vec<(Pt, Pt)>,
    /// The glue tabs: base corners first, then the outer two.
    pub tabs: Vec<Vec<Pt>>,
    /// The cut line, round the faces and out along each tab.
    pub outline: Vec<Pt>,
    pub w: f64,
    pub h: f64,
}

impl Net {
    fn scaled(&self, k: f64) -> Net {
        let s = |p: &Pt| (p.0 * k, p.1 * k);
        Net {
            faces: self
                .faces
                .iter()
                .map(|f| f.iter().map(s).collect())
                .collect(),
            tops: self.tops.clone(),
            corners: self.corners.clone(),
            folds: self.folds.iter().map(|(a, b)| (s(a), s(b))).collect(),
            tabs: self
                .tabs
                .iter()
                .map(|t| t.iter().map(s).collect())
                .collect(),
            outline: self.outline.iter().map(s).collect(),
            w: self.w * k,
            h: self.h * k,
        }
    }

    /// The side of the square a face is drawn alone in, in the net's units: its farthest
    /// corner's distance from its incircle's centre, twice.
    pub fn face_square(&self) -> f64 {
        let (c, _) = self.incircle(0);
        2.0 * self.faces[0]
            .iter()
            .map(|p| ((p.0 - c.0).powi(2) + (p.1 - c.1).powi(2)).sqrt())
            .fold(0.0, f64::max)
    }

    /// Face `i`'s corners turned so that its top points straight up (y down), its incircle's
    /// centre at the centre of its `face_square()`, whose top-left corner is the origin.
    pub fn upright(&self, i: usize) -> Vec<Pt> {
        let (c, _) = self.incircle(i);
        let side = self.face_square();
        self.faces[i]
            .iter()
            .map(|&p| {
                let (x, y) = self.turn_upright(i, (p.0 - c.0, p.1 - c.1));
                (side / 2.0 + x, side / 2.0 + y)
            })
            .collect()
    }

    /// Vector `v` in face `i` turned as `upright` turns the face.
    pub fn turn_upright(&self, i: usize, v: Pt) -> Pt {
        let up = self.up(i);
        // The angle that takes `up` to (0, −1).
        let a = -up.0.atan2(-up.1);
        let (cos, sin) = (a.cos(), a.sin());
        (v.0 * cos - v.1 * sin, v.0 * sin + v.1 * cos)
    }

    /// The centre and radius of the largest circle in face `f`.
    pub fn incircle(&self, f: usize) -> (Pt, f64) {
        incircle(&self.faces[f])
    }

    /// The unit vector from face `f`'s incircle centre towards its top corner.
    pub fn up(&self, f: usize) -> Pt {
        let ((cx, cy), _) = self.incircle(f);
        let (tx, ty) = self.faces[f][self.tops[f]];
        let l = ((tx - cx).powi(2) + (ty - cy).powi(2)).sqrt();
        ((tx - cx) / l, (ty - cy) / l)
    }
}

/// The centre and radius of the largest circle inside convex polygon `p`: the point as far from
/// every edge as it can be, equidistant from three of them (or two parallel ones and a third).
pub fn incircle(p: &[Pt]) -> (Pt, f64) {
    let n = p.len();
    let orient = signed_area(p).signum();
    // Each edge's line as (inward unit normal, offset): inside is n·x − c ≥ 0.
    let lines: Vec<(Pt, f64)> = (0..n)
        .map(|i| {
            let (a, b) = (p[i], p[(i + 1) % n]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let l = (dx * dx + dy * dy).sqrt();
            let nrm = (-dy / l * orient, dx / l * orient);
            (nrm, nrm.0 * a.0 + nrm.1 * a.1)
        })
        .collect();
    let dist = |q: Pt| {
        lines
            .iter()
            .map(|(m, c)| m.0 * q.0 + m.1 * q.1 - c)
            .fold(f64::MAX, f64::min)
    };
    let mut best = (centroid(p), dist(centroid(p)));
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                // n·x − r = c for three lines: solve for (x, y, r).
                let rows = [lines[i], lines[j], lines[k]];
                let m = rows.map(|((a, b), c)| [a, b, -1.0, c]);
                if let Some((x, y, _)) = solve3(m) {
                    let d = dist((x, y));
                    if d > best.1 + 1e-12 {
                        best = ((x, y), d);
                    }
                }
            }
        }
    }
    best
}

fn solve3(m: [[f64; 4]; 3]) -> Option<(f64, f64, f64)> {
    let det = |a: [[f64; 3]; 3]| {
        a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    };
    let a = m.map(|r| [r[0], r[1], r[2]]);
    let d = det(a);
    if d.abs() < 1e-12 {
        return None;
    }
    let col = |c: usize| {
        let mut b = a;
        for r in 0..3 {
            b[r][c] = m[r][3];
        }
        det(b) / d
    };
    Some((col(0), col(1), col(2)))
}

pub fn signed_area(p: &[Pt]) -> f64 {
    let n = p.len();
    (0..n)
        .map(|i| {
            let (a, b) = (p[i], p[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        / 2.0
}

pub fn centroid(p: &[Pt]) -> Pt {
    let k = p.len() as f64;
    let (x, y) = p.iter().fold((0.0, 0.0), |s, q| (s.0 + q.0, s.1 + q.1));
    (x / k, y / k)
}

/// Whether two convex polygons overlap by more than a hair (touching along an edge or at a
/// corner is not overlapping): no axis of either's edges separates them.
pub fn convex_overlap(a: &[Pt], b: &[Pt]) -> bool {
    const HAIR: f64 = 1e-7;
    for poly in [a, b] {
        for i in 0..poly.len() {
            let (p, q) = (poly[i], poly[(i + 1) % poly.len()]);
            let axis = (q.1 - p.1, p.0 - q.0);
            let span = |s: &[Pt]| {
                s.iter()
                    .map(|v| v.0 * axis.0 + v.1 * axis.1)
                    .fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
            };
            let ((alo, ahi), (blo, bhi)) = (span(a), span(b));
            let len = (axis.0 * axis.0 + axis.1 * axis.1).sqrt();
            if ahi.min(bhi) - alo.max(blo) <= HAIR * len {
                return false;
            }
        }
    }
    true
}

/// A flat layout of the faces before tabs: each face's corners (y up) and net vertex ids, and
/// the tree's edges.
struct Unfolded {
    pts: Vec<Pt>,
    /// Net vertex → solid vertex.
    solid_of: Vec<usize>,
    faces: Vec<Vec<usize>>,
    tree: Vec<(usize, usize)>,
}

/// Unfolds `mesh` along the spanning tree `order` (each face after the first with the face it
/// hangs from).
fn unfold(mesh: &Mesh, order: &[(usize, Option<usize>)]) -> Unfolded {
    let n = mesh.faces.len();
    let mut pts: Vec<Pt> = Vec::new();
    let mut solid_of = Vec::new();
    let mut faces: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut tree = Vec::new();
    let v = &mesh.vertices;
    for &(f, parent) in order {
        let p = &mesh.faces[f];
        let normal = mesh.normal(f);
        // The edge it shares with its parent, as (from, to) in this face's order, and where
        // those two corners lie flat.
        let (anchor, ids): ((usize, Pt, Pt), Vec<Option<usize>>) = match parent {
            None => {
                let d = norm(sub(v[p[1]], v[p[0]]));
                ((0, (0.0, 0.0), (d, 0.0)), vec![None; p.len()])
            }
            Some(g) => {
                let q = &mesh.faces[g];
                let i = (0..p.len())
                    .find(|&i| {
                        let (a, b) = (p[i], p[(i + 1) % p.len()]);
                        (0..q.len()).any(|j| q[j] == b && q[(j + 1) % q.len()] == a)
                    })
                    .expect("a face hangs from a neighbour");
                let net_of = |solid: usize| {
                    faces[g]
                        .iter()
                        .copied()
                        .find(|&k| solid_of[k] == solid)
                        .expect("the shared corner is laid")
                };
                let (a, b) = (net_of(p[i]), net_of(p[(i + 1) % p.len()]));
                let mut ids = vec![None; p.len()];
                ids[i] = Some(a);
                ids[(i + 1) % p.len()] = Some(b);
                tree.push((a, b));
                ((i, pts[a], pts[b]), ids)
            }
        };
        let (i, a2, b2) = anchor;
        let a3 = v[p[i]];
        let u3 = unit(sub(v[p[(i + 1) % p.len()]], a3));
        let w3 = cross(normal, u3);
        let l = ((b2.0 - a2.0).powi(2) + (b2.1 - a2.1).powi(2)).sqrt();
        let u2 = ((b2.0 - a2.0) / l, (b2.1 - a2.1) / l);
        let w2 = (-u2.1, u2.0);
        for (k, &s) in p.iter().enumerate() {
            let id = ids[k].unwrap_or_else(|| {
                let d = sub(v[s], a3);
                let (x, y) = (dot(d, u3), dot(d, w3));
                pts.push((a2.0 + x * u2.0 + y * w2.0, a2.1 + x * u2.1 + y * w2.1));
                solid_of.push(s);
                pts.len() - 1
            });
            faces[f].push(id);
        }
    }
    Unfolded {
        pts,
        solid_of,
        faces,
        tree,
    }
}

/// Spanning trees to try: from each face, breadth first and depth first, with each starting
/// neighbour.
fn trees(mesh: &Mesh) -> Vec<Vec<(usize, Option<usize>)>> {
    let n = mesh.faces.len();
    let nb: Vec<Vec<usize>> = (0..n).map(|f| mesh.neighbours(f)).collect();
    fn deeper(
        f: usize,
        turn: usize,
        nb: &[Vec<usize>],
        seen: &mut [bool],
        order: &mut Vec<(usize, Option<usize>)>,
    ) {
        let k = nb[f].len();
        for j in 0..k {
            let g = nb[f][(j + turn) % k];
            if !seen[g] {
                seen[g] = true;
                order.push((g, Some(f)));
                deeper(g, turn, nb, seen, order);
            }
        }
    }
    let mut out = Vec::new();
    for root in 0..n {
        for turn in 0..nb[root].len() {
            let mut seen = vec![false; n];
            seen[root] = true;
            let mut order = vec![(root, None)];
            deeper(root, turn, &nb, &mut seen, &mut order);
            out.push(order);
            let mut seen = vec![false; n];
            seen[root] = true;
            let mut order = vec![(root, None)];
            let mut frontier = std::collections::VecDeque::from([root]);
            while let Some(f) = frontier.pop_front() {
                let k = nb[f].len();
                for j in 0..k {
                    let g = nb[f][(j + turn) % k];
                    if !seen[g] {
                        seen[g] = true;
                        order.push((g, Some(f)));
                        frontier.push_back(g);
                    }
                }
            }
            out.push(order);
        }
    }
    out
}

/// The net of `solid` with the smallest box that folds flat without overlap, tabs included.
fn best_net(solid: Solid) -> Net {
    let mesh = solid.mesh();
    let mut best: Option<(f64, Net)> = None;
    for order in trees(&mesh) {
        let Some(net) = lay(solid, &mesh, &unfold(&mesh, &order)) else {
            continue;
        };
        let area = net.w * net.h;
        if best.as_ref().is_none_or(|(a, _)| area < a - 1e-9) {
            best = Some((area, net));
        }
    }
    best.expect("every solid has a net that does not overlap").1
}

/// An unfolding given tabs, turned to its smallest box and placed at the origin; `None` if its
/// faces overlap or a cut edge has room for a tab on neither side.
fn lay(solid: Solid, mesh: &Mesh, u: &Unfolded) -> Option<Net> {
    let poly = |f: &Vec<usize>| f.iter().map(|&i| u.pts[i]).collect::<Vec<Pt>>();
    let faces: Vec<Vec<Pt>> = u.faces.iter().map(poly).collect();
    for a in 0..faces.len() {
        for b in a + 1..faces.len() {
            if convex_overlap(&faces[a], &faces[b]) {
                return None;
            }
        }
    }
    // Boundary half-edges (face, corner index): those whose reverse no face has.
    let inner: std::collections::HashSet<(usize, usize)> =
        u.tree.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let half = |f: usize, i: usize| {
        let p = &u.faces[f];
        (p[i], p[(i + 1) % p.len()])
    };
    let mut boundary: Vec<(usize, usize)> = Vec::new();
    for f in 0..u.faces.len() {
        for i in 0..u.faces[f].len() {
            if !inner.contains(&half(f, i)) {
                boundary.push((f, i));
            }
        }
    }
    // Pair them by the solid edge they are, and give each pair one tab.
    let solid_edge = |(f, i): (usize, usize)| {
        let (a, b) = half(f, i);
        let (a, b) = (u.solid_of[a], u.solid_of[b]);
        (a.min(b), a.max(b))
    };
    let mut pairs: Vec<((usize, usize), (usize, usize))> = Vec::new();
    for (k, &h) in boundary.iter().enumerate() {
        if let Some(&g) = boundary[k + 1..]
            .iter()
            .find(|&&g| solid_edge(g) == solid_edge(h))
        {
            pairs.push((h, g));
        }
    }
    let mut tabs: Vec<((usize, usize), Vec<Pt>)> = Vec::new();
    for (h, g) in pairs {
        let mut placed = false;
        // Slanted ends first at 50°, then steeper to clear a neighbour's corner.
        for (depth, slant) in [
            (TAB_DEPTH, 50.0),
            (TAB_DEPTH, 30.0),
            (TAB_DEPTH * 0.6, 30.0),
        ] {
            for side in [h, g] {
                let (a, b) = half(side.0, side.1);
                let t = tab_on(u.pts[a], u.pts[b], depth, slant);
                let clear = faces.iter().all(|f| !convex_overlap(f, &t))
                    && tabs.iter().all(|(_, o)| !convex_overlap(o, &t));
                if clear {
                    tabs.push((side, t));
                    placed = true;
                    break;
                }
            }
            if placed {
                break;
            }
        }
        if !placed {
            return None;
        }
    }
    // The cut line: round the boundary, each half-edge with a tab going out along it.
    let next_in_face = |(f, i): (usize, usize)| (f, (i + 1) % u.faces[f].len());
    let twin = |(f, i): (usize, usize)| {
        let (a, b) = half(f, i);
        (0..u.faces.len())
            .flat_map(|g| (0..u.faces[g].len()).map(move |j| (g, j)))
            .find(|&(g, j)| half(g, j) == (b, a))
    };
    let mut outline_ids: Vec<((usize, usize), Option<usize>)> = Vec::new();
    let start = boundary[0];
    let mut at = start;
    loop {
        let tab = tabs.iter().position(|(s, _)| *s == at);
        outline_ids.push((at, tab));
        let mut next = next_in_face(at);
        while inner.contains(&half(next.0, next.1)) {
            next = next_in_face(twin(next).expect("an inner edge has its twin"));
        }
        at = next;
        if at == start || outline_ids.len() > boundary.len() {
            break;
        }
    }
    if outline_ids.len() != boundary.len() {
        return None;
    }
    let mut outline: Vec<Pt> = Vec::new();
    for (h, tab) in &outline_ids {
        let (a, _) = half(h.0, h.1);
        outline.push(u.pts[a]);
        if let Some(t) = tab {
            outline.push(tabs[*t].1[3]);
            outline.push(tabs[*t].1[2]);
        }
    }
    let mut folds: Vec<(Pt, Pt)> = u.tree.iter().map(|&(a, b)| (u.pts[a], u.pts[b])).collect();
    folds.extend(tabs.iter().map(|(_, t)| (t[0], t[1])));
    // Turn it so that its box is smallest (an edge along x), y down, at the origin.
    let mut turns: Vec<f64> = outline
        .iter()
        .zip(outline.iter().cycle().skip(1))
        .map(|(a, b)| (b.1 - a.1).atan2(b.0 - a.0))
        .collect();
    turns.push(0.0);
    let box_of = |t: f64| {
        let (c, s) = (t.cos(), t.sin());
        outline
            .iter()
            .map(|p| (p.0 * c + p.1 * s, -p.0 * s + p.1 * c))
            .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
                (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
            })
    };
    let area = |t: f64| {
        let b = box_of(t);
        // Landscape: the wider side along x.
        let (w, h) = (b.2 - b.0, b.3 - b.1);
        (w * h, w < h - 1e-9)
    };
    let turn = turns.into_iter().fold(0.0, |best, t| {
        let (a, tall) = area(t);
        let (ab, tallb) = area(best);
        if a < ab - 1e-9 || ((a - ab).abs() <= 1e-9 && tallb && !tall) {
            t
        } else {
            best
        }
    });
    let (x0, y0, x1, y1) = box_of(turn);
    let (c, s) = (turn.cos(), turn.sin());
    // Rotate, then flip y (the unfolding is y up; a page is y down).
    let place = |p: &Pt| {
        let (x, y) = (p.0 * c + p.1 * s, -p.0 * s + p.1 * c);
        (x - x0, y1 - y)
    };
    let faces: Vec<Vec<Pt>> = faces
        .iter()
        .map(|f| f.iter().map(place).collect())
        .collect();
    let tops = (0..faces.len())
        .map(|f| top_corner(solid, mesh, f, &faces[f]))
        .collect();
    Some(Net {
        tops,
        corners: u
            .faces
            .iter()
            .map(|f| f.iter().map(|&i| u.solid_of[i]).collect())
            .collect(),
        faces,
        folds: folds.iter().map(|(a, b)| (place(a), place(b))).collect(),
        tabs: tabs
            .iter()
            .map(|(_, t)| t.iter().map(place).collect())
            .collect(),
        outline: outline.iter().map(place).collect(),
        w: x1 - x0,
        h: y1 - y0,
    })
}

/// The corner a face's mark points to: a kite's apex, else the corner nearest straight up the
/// page from the face's centre (so that the printed net reads as upright as it can).
fn top_corner(solid: Solid, mesh: &Mesh, f: usize, poly: &[Pt]) -> usize {
    if solid.apex_up() {
        // The apexes are the solid's first two vertices, on every kite's axis.
        let p = &mesh.faces[f];
        return p.iter().position(|&v| v < 2).unwrap_or(0);
    }
    let ((cx, cy), _) = incircle(poly);
    (0..poly.len())
        .max_by(|&a, &b| {
            let up = |i: usize| {
                let (x, y) = poly[i];
                let l = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
                (cy - y) / l
            };
            up(a).total_cmp(&up(b)).then(b.cmp(&a))
        })
        .unwrap_or(0)
}

/// A glue tab on the edge a→b, on its right (outside a counter-clockwise face, y up), `depth`
/// edges deep, its ends slanted in at `slant` degrees to the edge: base a, b, then the outer
/// corners by b and by a.
fn tab_on(a: Pt, b: Pt, depth: f64, slant: f64) -> Vec<Pt> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (uy, -ux);
    let t = depth.min(len * 0.4);
    let inset = (t / slant.to_radians().tan()).min(len * 0.45);
    vec![
        a,
        b,
        (b.0 - ux * inset + nx * t, b.1 - uy * inset + ny * t),
        (a.0 + ux * inset + nx * t, a.1 + uy * inset + ny * t),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Solid; 5] = [
        Solid::Tetrahedron,
        Solid::Octahedron,
        Solid::Trapezohedron,
        Solid::Dodecahedron,
        Solid::Icosahedron,
    ];

    #[test]
    fn each_solid_has_its_faces_and_euler_s_count() {
        for (solid, (v, e)) in ALL
            .into_iter()
            .zip([(4, 6), (6, 12), (12, 20), (20, 30), (12, 30)])
        {
            let m = solid.mesh();
            assert_eq!(m.faces.len(), solid.faces(), "{solid:?}");
            assert_eq!(m.vertices.len(), v, "{solid:?}");
            let edges: usize = m.faces.iter().map(Vec::len).sum::<usize>() / 2;
            assert_eq!(edges, e, "{solid:?}");
            assert_eq!(v + solid.faces(), e + 2, "{solid:?}");
        }
    }

    #[test]
    fn regular_solids_have_one_edge_and_the_d10_two() {
        for solid in ALL {
            let m = solid.mesh();
            let mut lengths: Vec<f64> = Vec::new();
            for f in &m.faces {
                for i in 0..f.len() {
                    let l = norm(sub(m.vertices[f[i]], m.vertices[f[(i + 1) % f.len()]]));
                    if !lengths.iter().any(|k| (k - l).abs() < 1e-9) {
                        lengths.push(l);
                    }
                }
            }
            lengths.sort_by(f64::total_cmp);
            let want = if solid == Solid::Trapezohedron { 2 } else { 1 };
            assert_eq!(lengths.len(), want, "{solid:?}: {lengths:?}");
            assert!(
                (lengths[want - 1] - 1.0).abs() < 1e-9,
                "{solid:?}: the longest edge is 1"
            );
        }
    }

    #[test]
    fn faces_are_flat_and_face_outward() {
        for solid in ALL {
            let m = solid.mesh();
            for f in 0..m.faces.len() {
                let n = m.normal(f);
                let p = &m.faces[f];
                let d = dot(n, m.vertices[p[0]]);
                assert!(d > 0.0, "{solid:?} face {f} faces in");
                for &v in p {
                    assert!(
                        (dot(n, m.vertices[v]) - d).abs() < 1e-9,
                        "{solid:?} face {f}"
                    );
                }
            }
        }
    }

    #[test]
    fn face_i_is_opposite_face_n_minus_1_minus_i() {
        for solid in ALL.into_iter().filter(|s| s.has_opposites()) {
            let m = solid.mesh();
            let n = m.faces.len();
            for i in 0..n {
                let d = dot(m.normal(i), m.normal(n - 1 - i));
                assert!((d + 1.0).abs() < 1e-9, "{solid:?} {i}");
            }
        }
    }

    #[test]
    fn every_net_has_its_faces_no_overlap_and_a_tab_for_each_cut_edge() {
        for solid in ALL {
            let net = solid.unit_net();
            let n = solid.faces();
            assert_eq!(net.faces.len(), n);
            // A tree of n faces has n − 1 folds between faces; the other edges are cut, and
            // each pair of cut edges is glued with one tab.
            let edges: usize = solid.mesh().faces.iter().map(Vec::len).sum::<usize>() / 2;
            assert_eq!(net.tabs.len(), edges - (n - 1), "{solid:?}");
            assert_eq!(net.folds.len(), n - 1 + net.tabs.len());
            for a in 0..n {
                for b in a + 1..n {
                    assert!(!convex_overlap(&net.faces[a], &net.faces[b]));
                }
            }
            // The cut line encloses the faces and the tabs.
            let faces: f64 = net.faces.iter().map(|f| signed_area(f).abs()).sum();
            let tabs: f64 = net.tabs.iter().map(|t| signed_area(t).abs()).sum();
            assert!(
                (signed_area(&net.outline).abs() - faces - tabs).abs() < 1e-9,
                "{solid:?}"
            );
        }
    }
}
