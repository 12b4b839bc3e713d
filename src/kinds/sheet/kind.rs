//! Record sheets (`kind: sheet`): a full page of sections (fields, tables, rosters, grids,
//! write-in tracks…) filled in during play. The section vocabulary, its drawing and `pnp sheets`
//! are in `sheets`; this file is what the pipeline knows of the kind.
use serde_saphyr::Spanned;

use crate::base::forms::Side;
use crate::kinds::face::DrawError;
use crate::kinds::piece::Piece;
use crate::kinds::sheet::SheetSpec;
use crate::kinds::{CheckCx, FaceCx, FaceField, Field, Kind, Room, Space, TtsForm};
use crate::kinds::{Component, Game};
use crate::spec::items::{Inside, ItemsError, NotOneTrack, Part, Selection};
use crate::spec::{Face, Shape};

impl Kind for SheetSpec {
    fn about(&self) -> &'static str {
        "A record sheet of sections to fill in during play (`sheet:`)."
    }
    fn example(&self) -> &'static str {
        r##"kind: sheet
front: {title: Score sheet}
back: {title: Notes}
sheet:
  sections:
    - fields:
        items:
          - {label: Player}
          - {label: Date}
  back:
    sections:
      - notes: {}
"##
    }
    fn fields(&self) -> &'static [Field] {
        &[Field::SizeOptional, Field::Back]
    }
    fn draws(&self, _: Side) -> &'static [FaceField] {
        // No outline: a sheet is a page, printed whole.
        face_fields![Background, Ink, Title, Label, Font]
    }
    fn check(&self, cx: &mut CheckCx) {
        crate::kinds::sheet::check_sections(cx, self);
    }
    /// Its `size`, or the printable area that A4 and Letter share under a group caption.
    fn size(&self, c: &Component) -> (f64, f64) {
        c.size_mm().unwrap_or(crate::kinds::sheet::DEFAULT_SIZE)
    }
    fn draw(&self, face: &Face, cx: &mut FaceCx) -> Result<(), DrawError> {
        crate::kinds::sheet::draw(cx.canvas, self, cx.piece, face, cx.side, cx.art)
    }
    /// Its track's spaces, where the sheet's layout puts them; none if it cannot be laid out
    /// (the build reports why).
    fn spaces(&self, game: &Game, piece: &Piece) -> Vec<Space> {
        let spaces = crate::kinds::sheet::track_spaces(self, game, piece, piece.w, piece.h);
        let spaces = spaces.unwrap_or_default().into_iter();
        spaces
            .map(|r| Space {
                x: r.x,
                y: r.y,
                w: r.w,
                h: r.h,
            })
            .collect()
    }
    /// Its track's spaces inside their lines, numbered from 1.
    fn rooms(&self, game: &Game, piece: &Piece) -> Vec<Room> {
        let half = crate::kinds::sheet::TRACK_LINE / 2.0;
        let spaces = self.spaces(game, piece).into_iter().enumerate();
        spaces
            .map(|(i, s)| Room {
                name: (i + 1).to_string(),
                x: s.x + half,
                y: s.y + half,
                w: s.w - 2.0 * half,
                h: s.h - 2.0 * half,
                round: false,
                apart: false,
            })
            .collect()
    }
    fn shares_cuts(&self, _: Shape) -> bool {
        false
    }
    fn fills_in_players(&self) -> bool {
        true
    }
    fn one_per_player(&self) -> bool {
        true
    }
    fn noun(&self) -> &'static str {
        "sheet"
    }
    fn tts(&self, _: Shape) -> TtsForm {
        TtsForm::Board
    }
    fn texts(&self) -> Vec<&str> {
        crate::kinds::sheet::texts(self)
    }
    fn symbols(&self) -> Vec<&Spanned<String>> {
        crate::kinds::sheet::symbols(self)
    }
    fn items(
        &self,
        game: &Game,
        component: &Component,
        part: Part,
    ) -> Option<Result<Selection, ItemsError>> {
        super::items::items(self, game, component, part)
    }
    /// Its only track's.
    fn labels(&self) -> Option<Result<Vec<String>, NotOneTrack>> {
        Some(super::items::labels(self))
    }
    fn printed_inside(&self) -> Option<Result<Inside, NotOneTrack>> {
        Some(super::items::printed_inside(self))
    }
}
