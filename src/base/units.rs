//! Physical lengths. Everything inside pnp is millimetres (f64); the YAML may say `19mm`, `1.9cm`,
//! `0.75in`, `54pt`, or a bare number (millimetres).
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::fmt;

pub const MM_PER_INCH: f64 = 25.4;
pub const PT_PER_MM: f64 = 72.0 / MM_PER_INCH;
/// The largest length any piece or sheet may have: a metre is larger than any printer's paper.
pub const MAX_LENGTH_MM: f64 = 1000.0;

/// A length in millimetres, always finite and positive once parsed.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Length(pub f64);

impl Length {
    pub fn mm(self) -> f64 {
        self.0
    }
    pub fn from_inches(inches: f64) -> Self {
        Length(inches * MM_PER_INCH)
    }
}

pub(crate) const EXPECTED_LENGTH: &str = "a length such as `19mm`, `1.9cm`, `0.75in` or `54pt`";

/// Why a text is not a length or a size.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LengthError {
    #[error("expected {EXPECTED_LENGTH}, found `{0}`")]
    NotALength(String),
    #[error("unknown unit `{unit}` in `{text}`: expected mm, cm, in or pt")]
    Unit { unit: String, text: String },
    #[error("`{0}` is two lengths (a width × height); expected one, {EXPECTED_LENGTH}")]
    TwoLengths(String),
    #[error("length `{0}` must be greater than zero")]
    NotPositive(String),
    #[error("length `{0}` must not be negative")]
    Negative(String),
    #[error("length `{0}` is larger than the {MAX_LENGTH_MM} mm limit")]
    TooLarge(String),
    #[error("expected {EXPECTED_SIZE}, found `{0}`")]
    NotASize(String),
    #[error("no size named `{name}`: the sizes by name are {names}{meant}")]
    UnknownPreset {
        name: String,
        names: String,
        meant: String,
    },
}

/// Parses `19mm`, `0.75 in`, `54pt`, `3` (mm).
pub fn parse_length(text: &str) -> Result<Length, LengthError> {
    check_length(parse_mm(text)?, text)
}

/// A length that may also be zero (`--bleed 0mm`), in mm; otherwise as `parse_length`.
pub fn parse_length_or_zero(text: &str) -> Result<f64, LengthError> {
    match parse_mm(text)? {
        0.0 => Ok(0.0),
        mm if mm < 0.0 => Err(LengthError::Negative(text.trim().to_string())),
        _ => parse_length(text).map(Length::mm),
    }
}

/// The number of a length times its unit's size in mm, unchecked; a width × height where one
/// length is expected is said to be two (not "unknown unit `mm x 13.86mm`").
fn parse_mm(text: &str) -> Result<f64, LengthError> {
    parse_one_mm(text).map_err(|e| match text.split(['x', '×']).collect::<Vec<_>>()[..] {
        [a, b] if parse_one_mm(a).is_ok() && parse_one_mm(b).is_ok() => {
            LengthError::TwoLengths(text.trim().to_string())
        }
        _ => e,
    })
}

fn parse_one_mm(text: &str) -> Result<f64, LengthError> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let value: f64 = num
        .parse()
        .map_err(|_| LengthError::NotALength(text.to_string()))?;
    let factor = match unit.trim() {
        "" | "mm" => 1.0,
        "cm" => 10.0,
        "in" | "\"" => MM_PER_INCH,
        "pt" => 1.0 / PT_PER_MM,
        // Words after the unit (`3mm wide`): not a length at all.
        other if other.contains(char::is_whitespace) => {
            return Err(LengthError::NotALength(text.to_string()));
        }
        other => {
            return Err(LengthError::Unit {
                unit: other.to_string(),
                text: text.to_string(),
            });
        }
    };
    Ok(value * factor)
}

fn check_length(mm: f64, shown: &str) -> Result<Length, LengthError> {
    if !mm.is_finite() || mm <= 0.0 {
        return Err(LengthError::NotPositive(shown.to_string()));
    }
    if mm > MAX_LENGTH_MM {
        return Err(LengthError::TooLarge(shown.to_string()));
    }
    Ok(Length(mm))
}

impl<'de> Deserialize<'de> for Length {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Length;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(EXPECTED_LENGTH)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Length, E> {
                parse_length(v).map_err(E::custom)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Length, E> {
                check_length(v, &v.to_string()).map_err(E::custom)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Length, E> {
                check_length(v as f64, &v.to_string()).map_err(E::custom)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Length, E> {
                check_length(v as f64, &v.to_string()).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// A value written as text or as a bare number, as text (`18mm`, `18`).
pub(crate) struct TextOrNumber(pub String);

impl<'de> Deserialize<'de> for TextOrNumber {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = TextOrNumber;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a length, `auto` or a share such as `2fr`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<TextOrNumber, E> {
                Ok(TextOrNumber(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// A width × height. YAML: `63mm x 88mm`, `[63mm, 88mm]`, or one length for a square or circle.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Size {
    pub w: Length,
    pub h: Length,
}

impl Size {
    pub fn square(side: Length) -> Self {
        Size { w: side, h: side }
    }

    /// Width and height in millimetres.
    pub fn mm(self) -> (f64, f64) {
        (self.w.mm(), self.h.mm())
    }
}

pub(crate) const EXPECTED_SIZE: &str = "a size such as `19mm` (square or round), `63mm x 88mm`, \
     `[2.5in, 3.5in]` or a name (`poker`, `bridge`, `tarot`, `mini-euro`, `mini-american`, \
     `square`, `piecepack-tile`)";

/// Sizes by name (`size: poker`): the usual card sizes and the piecepack's pieces, in mm.
pub const PRESETS: &[(&str, f64, f64)] = &[
    ("poker", 63.5, 88.9),
    ("bridge", 57.15, 88.9),
    ("tarot", 70.0, 120.0),
    ("mini-euro", 44.0, 68.0),
    ("mini-american", 41.0, 63.0),
    ("square", 70.0, 70.0),
    ("piecepack-tile", 50.8, 50.8),
    ("piecepack-coin", 19.05, 19.05),
    ("piecepack-die", 12.7, 12.7),
];

pub fn parse_size(text: &str) -> Result<Size, LengthError> {
    let name = text.trim().to_ascii_lowercase().replace([' ', '_'], "-");
    if let Some(&(_, w, h)) = PRESETS.iter().find(|(n, _, _)| *n == name) {
        return Ok(Size {
            w: Length(w),
            h: Length(h),
        });
    }
    if name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        let names: Vec<&str> = PRESETS.iter().map(|(n, _, _)| *n).collect();
        let meant = crate::base::diagnostic::closest(&name, names.iter().copied())
            .map(|m| format!("; did you mean `{m}`?"))
            .unwrap_or_default();
        return Err(LengthError::UnknownPreset {
            name: text.trim().to_string(),
            names: names.join(", "),
            meant,
        });
    }
    let parts: Vec<&str> = text.split(['x', '×']).collect();
    match parts.as_slice() {
        [one] => Ok(Size::square(parse_length(one)?)),
        [w, h] => Ok(Size {
            w: parse_length(w)?,
            h: parse_length(h)?,
        }),
        _ => Err(LengthError::NotASize(text.to_string())),
    }
}

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Size;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(EXPECTED_SIZE)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Size, E> {
                parse_size(v).map_err(E::custom)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Size, E> {
                Ok(Size::square(
                    check_length(v, &v.to_string()).map_err(E::custom)?,
                ))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Size, E> {
                self.visit_f64(v as f64)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Size, E> {
                self.visit_f64(v as f64)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Size, A::Error> {
                let w: Length = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let h: Length = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                if seq.next_element::<Length>()?.is_some() {
                    return Err(de::Error::invalid_length(3, &self));
                }
                Ok(Size { w, h })
            }
        }
        d.deserialize_any(V)
    }
}

/// Numbers in the SVG: three decimals (a micrometre), trailing zeros dropped, so output is
/// short and identical on every machine.
pub fn n(v: f64) -> String {
    let s = format!("{:.3}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A length in millimetres for a message: `2.54`, `0.0001`, or `1e-6` when that rounds to nothing.
pub fn short_mm(v: f64) -> String {
    if v < 0.000_05 {
        return format!("{v:.0e}");
    }
    let s = format!("{v:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_units() {
        assert_eq!(parse_length("19mm").unwrap().mm(), 19.0);
        assert!((parse_length("0.75in").unwrap().mm() - 19.05).abs() < 1e-9);
        assert!((parse_length("72pt").unwrap().mm() - 25.4).abs() < 1e-9);
        assert_eq!(parse_length("2 cm").unwrap().mm(), 20.0);
        assert_eq!(parse_length("7").unwrap().mm(), 7.0);
    }

    #[test]
    fn rejects_nonsense() {
        for bad in [
            "",
            "mm",
            "-3mm",
            "0",
            "NaN",
            "inf",
            "1e9mm",
            "3 furlongs",
            "1.2.3mm",
        ] {
            assert!(parse_length(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn two_lengths_where_one_is_expected_are_called_two() {
        for two in ["8mm x 13.86mm", "8 x 13", "8mm×13.86mm"] {
            let e = parse_length(two).unwrap_err();
            assert_eq!(e, LengthError::TwoLengths(two.to_string()), "{two}");
            assert!(
                e.to_string()
                    .contains("expected one, a length such as `19mm`")
            );
        }
        let e = parse_length("3 furlongs").unwrap_err().to_string();
        assert!(e.contains("unknown unit `furlongs`"), "{e}");
        let e = parse_length("3mm wide").unwrap_err().to_string();
        assert!(e.starts_with("expected a length"), "{e}");
    }

    #[test]
    fn sizes_by_name() {
        let poker = parse_size("poker").unwrap();
        assert_eq!(poker.mm(), (63.5, 88.9));
        assert_eq!(parse_size("Mini Euro").unwrap().w.mm(), 44.0);
        let e = parse_size("pokr").unwrap_err().to_string();
        assert!(e.contains("did you mean `poker`"), "{e}");
    }

    #[test]
    fn parses_sizes() {
        let s = parse_size("63mm x 88mm").unwrap();
        assert_eq!(s.mm(), (63.0, 88.0));
        let s = parse_size("2in").unwrap();
        assert_eq!(s.w, s.h);
    }
}
