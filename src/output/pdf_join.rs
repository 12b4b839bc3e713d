//! Joins PDFs that krilla wrote, each holding a run of one document's pages, into one file as
//! they arrive. krilla builds a whole document in memory (every page's stream, then the file),
//! so a long document, such as a deck of 10,000 cards, is made in parts (`pdf::PART_PAGES`): each
//! part is copied out here and dropped, and memory stays that of one part.
//!
//! Every object of a part is copied with its references renumbered; stream data is copied
//! untouched. A part's catalog and page tree are left out: its pages join one tree here, and the
//! outline, the document information and the catalog are written at the end.
use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Chunk, Ref, TextStr};
use std::collections::HashMap;
use std::io::Write;

/// Object 1 is the joined page tree: every part's pages name it as their parent.
const PAGE_TREE: i32 = 1;

/// A bookmark: its title, the page it opens (counted from 0) and the height on that page to
/// show at the top of the window, in PDF points up from the page's bottom edge.
pub struct Bookmark {
    pub title: String,
    pub page: usize,
    pub y: f32,
}

/// The document information dictionary of the joined file.
pub struct DocInfo<'a> {
    pub title: &'a str,
    pub author: Option<&'a str>,
    pub subject: Option<&'a str>,
    pub keywords: Option<&'a str>,
    pub creator: &'a str,
    pub producer: &'a str,
}

/// The joined file being written to `out`.
pub struct Joiner<W: Write> {
    out: W,
    written: u64,
    /// Where each object starts (index: object number - 1; 0 until written).
    offsets: Vec<u64>,
    /// The pages in order.
    pages: Vec<Ref>,
    /// FNV-1a of every byte written: the file's ID, the same for the same content.
    hash: u64,
}

impl<W: Write> Joiner<W> {
    pub fn new(out: W) -> Self {
        Joiner {
            out,
            written: 0,
            offsets: vec![0; PAGE_TREE as usize],
            pages: Vec::new(),
            hash: 0xcbf2_9ce4_8422_2325,
        }
    }

    /// Pages joined so far.
    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Copies the objects of `pdf`, one part (a whole file from krilla), after those before.
    pub fn part(&mut self, pdf: &[u8]) -> Result<(), String> {
        let file = Parsed::of(pdf)?;
        let catalog = file.object(file.root)?;
        let tree = find_ref(catalog, b"Pages").ok_or("a part has no page tree")?;
        // Anything else in these two would be lost with them (an outline, tags, page labels,
        // inherited page attributes): refuse rather than drop it.
        only_names(catalog, &[b"Type", b"Catalog", b"Pages"])?;
        let tree_obj = file.object(tree)?;
        only_names(tree_obj, &[b"Type", b"Pages", b"Count", b"Kids"])?;
        let kids = refs_in(tree_obj, b"Kids").ok_or("a part's page tree has no kids")?;
        if self.written == 0 {
            // The header (version and binary marker) of the first part is the file's.
            self.write(&pdf[..file.objects.first().map_or(0, |o| o.1)])?;
        }
        let mut map = HashMap::with_capacity(file.objects.len());
        map.insert(tree, PAGE_TREE);
        for &(number, _) in &file.objects {
            if number != file.root && number != tree {
                map.insert(number, self.allocate().get());
            }
        }
        let mut buf = Vec::new();
        for &(number, _) in &file.objects {
            if number == file.root || number == tree {
                continue;
            }
            buf.clear();
            renumber(file.object(number)?, &map, &mut buf)?;
            self.offsets[map[&number] as usize - 1] = self.written;
            self.write(&buf)?;
        }
        for kid in kids {
            let page = map.get(&kid).ok_or("a part's page is not in its file")?;
            self.pages.push(Ref::new(*page));
        }
        Ok(())
    }

    /// Writes the page tree, the outline, the document information, the catalog and the
    /// cross-reference table; returns the output.
    pub fn finish(mut self, bookmarks: &[Bookmark], info: &DocInfo) -> Result<W, String> {
        if self.written == 0 {
            return Err("a joined PDF needs at least one part".into());
        }
        let pages = std::mem::take(&mut self.pages);
        let count = i32::try_from(pages.len()).map_err(|_| "too many pages")?;
        self.object(Ref::new(PAGE_TREE), |c, id| {
            c.pages(id).count(count).kids(pages.iter().copied());
        })?;
        let outline = match bookmarks.is_empty() {
            true => None,
            false => Some(self.outline(bookmarks, &pages)?),
        };
        let info_ref = self.allocate();
        self.object(info_ref, |c, id| {
            let mut d = c.indirect(id).start::<DocumentInfo>();
            d.title(TextStr(info.title));
            if let Some(s) = info.subject {
                d.subject(TextStr(s));
            }
            if let Some(k) = info.keywords {
                d.keywords(TextStr(k));
            }
            if let Some(a) = info.author {
                d.author(TextStr(a));
            }
            d.creator(TextStr(info.creator));
            d.producer(TextStr(info.producer));
        })?;
        let catalog = self.allocate();
        self.object(catalog, |c, id| {
            let mut cat = c.indirect(id).start::<Catalog>();
            cat.pages(Ref::new(PAGE_TREE));
            if let Some(o) = outline {
                cat.outlines(o);
            }
        })?;
        let xref_at = self.written;
        let mut tail = format!("xref\n0 {}\n0000000000 65535 f\r\n", self.offsets.len() + 1);
        for offset in &self.offsets {
            tail.push_str(&format!("{offset:010} 00000 n\r\n"));
        }
        let id = format!("{:016X}", self.hash);
        tail.push_str(&format!(
            "trailer\n<</Size {}/Root {} 0 R/Info {} 0 R/ID[<{id}><{id}>]>>\nstartxref\n{xref_at}\n%%EOF",
            self.offsets.len() + 1,
            catalog.get(),
            info_ref.get(),
        ));
        self.write(tail.as_bytes())?;
        Ok(self.out)
    }

    /// The outline: one level of bookmarks, in order. Returns its root.
    fn outline(&mut self, bookmarks: &[Bookmark], pages: &[Ref]) -> Result<Ref, String> {
        let root = self.allocate();
        let items: Vec<Ref> = bookmarks.iter().map(|_| self.allocate()).collect();
        let count = i32::try_from(items.len()).map_err(|_| "too many bookmarks")?;
        self.object(root, |c, id| {
            c.outline(id)
                .first(items[0])
                .last(items[items.len() - 1])
                .count(count);
        })?;
        for (i, b) in bookmarks.iter().enumerate() {
            let page = *pages
                .get(b.page)
                .ok_or("a bookmark points past the last page")?;
            self.object(items[i], |c, id| {
                let mut item = c.outline_item(id);
                item.parent(root).title(TextStr(&b.title));
                if i > 0 {
                    item.prev(items[i - 1]);
                }
                if let Some(next) = items.get(i + 1) {
                    item.next(*next);
                }
                item.dest().page(page).xyz(0.0, b.y, None);
            })?;
        }
        Ok(root)
    }

    /// The next free object number.
    fn allocate(&mut self) -> Ref {
        self.offsets.push(0);
        Ref::new(self.offsets.len() as i32)
    }

    /// Writes the one object `write` puts in a chunk under `id`.
    fn object(&mut self, id: Ref, write: impl FnOnce(&mut Chunk, Ref)) -> Result<(), String> {
        let mut chunk = Chunk::with_settings(pdf_writer::Settings { pretty: false });
        write(&mut chunk, id);
        self.offsets[id.get() as usize - 1] = self.written;
        self.write(chunk.as_bytes())
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.out
            .write_all(bytes)
            .map_err(|e| format!("could not write the PDF: {e}"))?;
        self.written += bytes.len() as u64;
        for b in bytes {
            self.hash = (self.hash ^ *b as u64).wrapping_mul(0x100_0000_01b3);
        }
        Ok(())
    }
}

/// A part read through its cross-reference table.
struct Parsed<'a> {
    pdf: &'a [u8],
    /// (object number, offset) of every object in use, in file order.
    objects: Vec<(i32, usize)>,
    /// Each object's bytes: from its offset to the next object's (or the table's).
    spans: HashMap<i32, std::ops::Range<usize>>,
    root: i32,
}

impl<'a> Parsed<'a> {
    fn of(pdf: &'a [u8]) -> Result<Self, String> {
        let bad = || "a part is not a PDF that krilla wrote".to_string();
        let at = pdf
            .windows(9)
            .rposition(|w| w == b"startxref")
            .ok_or_else(bad)?;
        let xref_at: usize = match Lexer::new(&pdf[at + 9..]).next() {
            Some((Tok::Int(n), _)) => usize::try_from(n).map_err(|_| bad())?,
            _ => return Err(bad()),
        };
        let table = pdf.get(xref_at..at).ok_or_else(bad)?;
        let trailer_at = table
            .windows(7)
            .position(|w| w == b"trailer")
            .ok_or_else(bad)?;
        let root = find_ref(&table[trailer_at..], b"Root").ok_or_else(bad)?;
        let mut objects = Vec::new();
        let mut lines = table[..trailer_at].split(|&b| b == b'\n').skip(1);
        // Subsections: "first count", then count entries of "offset generation n|f".
        while let Some(head) = lines.next() {
            let mut nums = head.split(|&b| b == b' ').filter_map(number);
            let (Some(first), Some(count)) = (nums.next(), nums.next()) else {
                break;
            };
            for i in 0..count {
                let entry = lines.next().ok_or_else(bad)?;
                if entry.get(17) == Some(&b'n') {
                    let offset = entry.get(..10).and_then(number).ok_or_else(bad)?;
                    let n = first.checked_add(i).and_then(|n| i32::try_from(n).ok());
                    let n = n.ok_or_else(bad)?;
                    objects.push((n, offset as usize));
                }
            }
        }
        objects.sort_by_key(|o| o.1);
        let mut spans = HashMap::with_capacity(objects.len());
        for (i, &(n, offset)) in objects.iter().enumerate() {
            let end = objects.get(i + 1).map_or(xref_at, |o| o.1);
            if end < offset || end > pdf.len() || spans.insert(n, offset..end).is_some() {
                return Err(bad());
            }
        }
        Ok(Parsed {
            pdf,
            objects,
            spans,
            root,
        })
    }

    /// The bytes of object `n`, from "n 0 obj" to the next object.
    fn object(&self, n: i32) -> Result<&'a [u8], String> {
        match self.spans.get(&n) {
            Some(span) => Ok(&self.pdf[span.clone()]),
            None => Err(format!(
                "a part refers to object {n}, which it does not hold"
            )),
        }
    }
}

fn number(digits: &[u8]) -> Option<u64> {
    std::str::from_utf8(digits).ok()?.trim().parse().ok()
}

/// Copies `obj` with its own number and every reference in it mapped by `map`. Stream data (after
/// the `stream` keyword) is copied as it is.
fn renumber(obj: &[u8], map: &HashMap<i32, i32>, out: &mut Vec<u8>) -> Result<(), String> {
    let mut lexer = Lexer::new(obj);
    // An offset that misses its object would copy garbage: the span must open with "n g obj".
    let mut head = Lexer::new(obj);
    let opens = (head.next(), head.next(), head.next());
    if !matches!(
        opens,
        (
            Some((Tok::Int(_), _)),
            Some((Tok::Int(_), _)),
            Some((Tok::Keyword(b"obj"), _))
        )
    ) {
        return Err("a part's cross-reference table points outside its objects".into());
    }
    let mut copied = 0;
    // The two tokens before the current one, when they were integers: "n g R", "n g obj".
    let mut last: [Option<(i64, usize)>; 2] = [None, None];
    while let Some((tok, range)) = lexer.next() {
        match tok {
            Tok::Keyword(k @ (b"R" | b"obj")) => {
                if let [Some((n, start)), Some((g, _))] = last {
                    let new = i32::try_from(n)
                        .ok()
                        .and_then(|n| map.get(&n))
                        .ok_or_else(|| {
                            format!("a part refers to object {n}, which it does not hold")
                        })?;
                    out.extend_from_slice(&obj[copied..start]);
                    out.extend_from_slice(format!("{new} {g} ").as_bytes());
                    out.extend_from_slice(k);
                    copied = range.end;
                }
                last = [None, None];
            }
            Tok::Keyword(b"stream") => break,
            Tok::Int(n) => last = [last[1], Some((n, range.start))],
            _ => last = [None, None],
        }
    }
    if lexer.open_string {
        return Err("a part holds a string that is never closed".into());
    }
    out.extend_from_slice(&obj[copied..]);
    Ok(())
}

/// Fails when `obj` holds a name not in `allowed` (its keys and name values, at any depth).
fn only_names(obj: &[u8], allowed: &[&[u8]]) -> Result<(), String> {
    let mut lexer = Lexer::new(obj);
    while let Some((tok, _)) = lexer.next() {
        if let Tok::Name(name) = tok
            && !allowed.contains(&name)
        {
            let name = String::from_utf8_lossy(name);
            return Err(format!(
                "a part's catalog or page tree holds /{name}, which joining would lose"
            ));
        }
    }
    Ok(())
}

/// The reference after the first name `/key` in `obj` (callers look for keys whose name appears
/// nowhere else in the object).
fn find_ref(obj: &[u8], key: &[u8]) -> Option<i32> {
    let mut lexer = Lexer::new(obj);
    while let Some((tok, _)) = lexer.next() {
        if tok == Tok::Name(key) {
            let n = match lexer.next()? {
                (Tok::Int(n), _) => n,
                _ => return None,
            };
            let (Some((Tok::Int(_), _)), Some((Tok::Keyword(b"R"), _))) =
                (lexer.next(), lexer.next())
            else {
                return None;
            };
            return i32::try_from(n).ok();
        }
    }
    None
}

/// The references in the array under `/key` of `obj`.
fn refs_in(obj: &[u8], key: &[u8]) -> Option<Vec<i32>> {
    let mut lexer = Lexer::new(obj);
    while let Some((tok, _)) = lexer.next() {
        if tok == Tok::Name(key) {
            if lexer.next()?.0 != Tok::Delim(b'[') {
                return None;
            }
            let mut refs = Vec::new();
            loop {
                match lexer.next()?.0 {
                    Tok::Delim(b']') => return Some(refs),
                    Tok::Int(n) => {
                        let (Tok::Int(_), Tok::Keyword(b"R")) = (lexer.next()?.0, lexer.next()?.0)
                        else {
                            return None;
                        };
                        refs.push(i32::try_from(n).ok()?);
                    }
                    _ => return None,
                }
            }
        }
    }
    None
}

/// A token of PDF syntax.
#[derive(Debug, PartialEq)]
enum Tok<'a> {
    Int(i64),
    /// A run of regular characters that is not an integer: `R`, `obj`, `true`, `0.5`.
    Keyword(&'a [u8]),
    /// A name, without its slash.
    Name(&'a [u8]),
    /// `[`, `]`, `{`, `}`, `)`; `<` for `<<` and `>` for `>>` (or a stray `>`).
    Delim(u8),
    /// A literal or hexadecimal string.
    Str,
}

struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
    /// The input ended inside a string (`next` then returns None, as at the end).
    open_string: bool,
}

fn is_space(c: u8) -> bool {
    matches!(c, b'\0' | b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

fn is_delim(c: u8) -> bool {
    matches!(
        c,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

impl<'a> Lexer<'a> {
    fn new(b: &'a [u8]) -> Self {
        Lexer {
            b,
            i: 0,
            open_string: false,
        }
    }

    fn regular(&mut self) -> &'a [u8] {
        let start = self.i;
        while self.i < self.b.len() && !is_space(self.b[self.i]) && !is_delim(self.b[self.i]) {
            self.i += 1;
        }
        &self.b[start..self.i]
    }

    /// The next token and its byte range; None at the end (or in a string left open).
    fn next(&mut self) -> Option<(Tok<'a>, std::ops::Range<usize>)> {
        let b = self.b;
        loop {
            while self.i < b.len() && is_space(b[self.i]) {
                self.i += 1;
            }
            if b.get(self.i) != Some(&b'%') {
                break;
            }
            while self.i < b.len() && b[self.i] != b'\n' && b[self.i] != b'\r' {
                self.i += 1;
            }
        }
        let start = self.i;
        let c = *b.get(start)?;
        let tok = match c {
            b'(' => {
                let mut depth = 0;
                loop {
                    let Some(&c) = b.get(self.i) else {
                        self.open_string = true;
                        return None;
                    };
                    match c {
                        b'\\' => self.i += 1,
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    self.i += 1;
                    if depth == 0 {
                        break Tok::Str;
                    }
                }
            }
            b'<' | b'>' if b.get(start + 1) == Some(&c) => {
                self.i += 2;
                Tok::Delim(c)
            }
            b'<' => {
                let Some(len) = b[start..].iter().position(|&x| x == b'>') else {
                    self.open_string = true;
                    return None;
                };
                self.i += len + 1;
                Tok::Str
            }
            b'/' => {
                self.i += 1;
                Tok::Name(self.regular())
            }
            _ if is_delim(c) => {
                self.i += 1;
                Tok::Delim(c)
            }
            _ => {
                let word = self.regular();
                match std::str::from_utf8(word).ok().and_then(|s| s.parse().ok()) {
                    Some(n) if word.iter().all(|d| d.is_ascii_digit() || *d == b'-') => Tok::Int(n),
                    _ => Tok::Keyword(word),
                }
            }
        };
        Some((tok, start..self.i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_renumbered_and_strings_and_streams_left_alone() {
        let obj = b"3 0 obj\n<</A 4 0 R/T(5 0 R \\) 6 0 R)/H<0A>/K[4 0 R 12 0 R]/N 7/Length 9>>\nstream\n4 0 R xyz\nendstream\nendobj\n\n";
        let map = HashMap::from([(3, 30), (4, 40), (12, 120)]);
        let mut out = Vec::new();
        renumber(obj, &map, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "30 0 obj\n<</A 40 0 R/T(5 0 R \\) 6 0 R)/H<0A>/K[40 0 R 120 0 R]/N 7/Length 9>>\nstream\n4 0 R xyz\nendstream\nendobj\n\n"
        );
        // A reference to an object the part does not hold is an error, not a dangling link.
        let err = renumber(b"1 0 obj\n<</A 9 0 R>>\nendobj\n", &map, &mut Vec::new());
        assert!(err.is_err());
    }

    #[test]
    fn the_awkward_corners_of_pdf_syntax_are_read_as_pdf_readers_read_them() {
        let map = HashMap::from([(1, 10), (4, 40)]);
        let renumbered = |obj: &[u8]| {
            let mut out = Vec::new();
            renumber(obj, &map, &mut out).map(|_| String::from_utf8(out).unwrap())
        };
        // An escaped backslash ends the string; a hex string next to a dictionary's end; a
        // comment; a name with an escaped space; a reference after a lone integer.
        assert_eq!(
            renumbered(
                b"1 0 obj\n<</S(\\\\) 4 0 R/H<0A>>>%4 0 R\n/A#20B 4 0 R/K[7 4 0 R]>>\nendobj\n"
            )
            .unwrap(),
            "10 0 obj\n<</S(\\\\) 40 0 R/H<0A>>>%4 0 R\n/A#20B 40 0 R/K[7 40 0 R]>>\nendobj\n"
        );
        // A string left open, and a span that does not start an object, are errors.
        assert!(renumbered(b"1 0 obj\n<</S(4 0 R>>\nendobj\n").is_err());
        assert!(renumbered(b"<</A 4 0 R>>\nendobj\n").is_err());
    }

    /// A part as krilla writes it: `pages` pages, each with one line of text.
    fn krilla_part(pages: usize) -> Vec<u8> {
        let mut doc = krilla::Document::new_with(krilla::SerializeSettings {
            xmp_metadata: false,
            ..Default::default()
        });
        for _ in 0..pages {
            let mut page =
                doc.start_page_with(krilla::page::PageSettings::from_wh(200.0, 100.0).unwrap());
            let mut surface = page.surface();
            let mut path = krilla::geom::PathBuilder::new();
            path.push_rect(krilla::geom::Rect::from_xywh(10.0, 10.0, 50.0, 20.0).unwrap());
            surface.set_fill(Some(krilla::paint::Fill::default()));
            surface.draw_path(&path.finish().unwrap());
            surface.finish();
            page.finish();
        }
        doc.finish().unwrap()
    }

    #[test]
    fn the_joined_file_has_one_page_tree_and_an_exact_cross_reference_table() {
        let mut joiner = Joiner::new(Vec::new());
        joiner.part(&krilla_part(2)).unwrap();
        joiner.part(&krilla_part(3)).unwrap();
        assert_eq!(joiner.page_count(), 5);
        let marks = [Bookmark {
            title: "Fünf".into(),
            page: 4,
            y: 80.0,
        }];
        let info = DocInfo {
            title: "T",
            author: None,
            subject: None,
            keywords: None,
            creator: "c",
            producer: "p",
        };
        let pdf = joiner.finish(&marks, &info).unwrap();
        // Every entry of the table points at its own object, and startxref at the table.
        let file = Parsed::of(&pdf).unwrap();
        let at = |o: usize| &pdf[o..];
        let xref_at: usize = {
            let tail = &pdf[pdf.windows(9).rposition(|w| w == b"startxref").unwrap() + 10..];
            std::str::from_utf8(tail)
                .unwrap()
                .lines()
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert!(at(xref_at).starts_with(b"xref\n0 "));
        let count = file.objects.len();
        assert!(count > 10);
        for (n, offset) in &file.objects {
            assert!(
                at(*offset).starts_with(format!("{n} 0 obj\n").as_bytes()),
                "object {n}"
            );
        }
        let numbers: std::collections::BTreeSet<i32> = file.objects.iter().map(|o| o.0).collect();
        assert_eq!(numbers, (1..=count as i32).collect(), "no gaps, no repeats");
        // One page tree with the five pages, each naming it as parent.
        let tree = file.object(PAGE_TREE).unwrap();
        let kids = refs_in(tree, b"Kids").unwrap();
        assert_eq!(kids.len(), 5);
        for kid in &kids {
            assert_eq!(
                find_ref(file.object(*kid).unwrap(), b"Parent"),
                Some(PAGE_TREE)
            );
        }
        let catalog = file.object(file.root).unwrap();
        assert_eq!(find_ref(catalog, b"Pages"), Some(PAGE_TREE));
        let outline = file
            .object(find_ref(catalog, b"Outlines").unwrap())
            .unwrap();
        let item = file.object(find_ref(outline, b"First").unwrap()).unwrap();
        let dest = format!("/Dest[{} 0 R/XYZ 0 80 0]", kids[4]);
        assert!(
            String::from_utf8_lossy(item).contains(&dest),
            "{}",
            String::from_utf8_lossy(item)
        );
        // The same parts give the same bytes.
        let mut again = Joiner::new(Vec::new());
        again.part(&krilla_part(2)).unwrap();
        again.part(&krilla_part(3)).unwrap();
        assert_eq!(again.finish(&marks, &info).unwrap(), pdf);
    }

    #[test]
    fn a_part_whose_catalog_holds_more_than_pages_is_refused() {
        let mut doc = krilla::Document::new();
        let mut page = doc.start_page();
        page.surface().finish();
        page.finish();
        // krilla's default writes an XMP packet (/Metadata in the catalog).
        let err = Joiner::new(Vec::new())
            .part(&doc.finish().unwrap())
            .unwrap_err();
        assert!(err.contains("/Metadata"), "{err}");
    }

    #[test]
    fn keys_and_arrays_are_found_past_nested_strings() {
        let dict = b"<</Type/Pages/T((/Kids[1 0 R]))/Count 2/Kids[5 0 R 7 0 R]/Parent 3 0 R>>";
        assert_eq!(refs_in(dict, b"Kids"), Some(vec![5, 7]));
        assert_eq!(find_ref(dict, b"Parent"), Some(3));
        assert_eq!(find_ref(dict, b"Count"), None);
    }
}
