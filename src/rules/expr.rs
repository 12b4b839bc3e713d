//! The expressions of the rules language (`value:`, `holds:`, `if:`, a build's `require:`):
//! numbers, 'texts', properties of an item (`n`, `front.pips`, `` `VP at the end` ``),
//! `+ - * /`, `abs() min() max()`, comparisons (`== != < <= > >=`) and `and or not`.
//! Parsed once per rule, evaluated per item; bounded in length and nesting so that no rule
//! can take unbounded time or stack.
use std::fmt;

use crate::spec::items::{Value, number};

/// Longest expression, in characters: a rule is one line, not a program.
pub const MAX_CHARS: usize = 500;
/// Deepest nesting (the parser recurses once per level): the whole, then 20 parentheses (or
/// function calls, or `not` and `-` before one another).
const MAX_DEPTH: usize = 21;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Num(f64),
    Text(String),
    /// A property of the item (a tag, `n`, `front.text`).
    Prop(String),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    Call(Func, Vec<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    Abs,
    Min,
    Max,
}

/// Why an expression cannot be read: what, and where in it (a character offset).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{kind}")]
pub struct ParseError {
    pub at: usize,
    pub kind: ParseErrorKind,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParseErrorKind {
    #[error("an empty expression: write a property, a number or a condition")]
    Empty,
    #[error("an expression of {0} characters is longer than the {MAX_CHARS} a rule takes")]
    TooLong(usize),
    #[error("nested deeper than {MAX_DEPTH} levels")]
    TooDeep,
    #[error("expected {expected}, found {found}")]
    Unexpected {
        expected: &'static str,
        found: String,
    },
    #[error("`=` alone compares nothing here: write `==`")]
    LoneEquals,
    #[error("no function `{0}`: expected abs, min or max")]
    UnknownFunction(String),
    #[error("`{name}` takes {takes}, found {found}")]
    Arity {
        name: &'static str,
        takes: &'static str,
        found: usize,
    },
    #[error("a text or a quoted name that is never closed (a {0} is missing)")]
    Unclosed(char),
}

impl ParseError {
    /// `expected` was wanted at character `at`, where `found` stands.
    fn unexpected(at: usize, expected: &'static str, found: String) -> ParseError {
        ParseErrorKind::Unexpected { expected, found }.at(at)
    }
}

impl ParseErrorKind {
    /// This mistake, at character `at`.
    fn at(self, at: usize) -> ParseError {
        ParseError { at, kind: self }
    }
}

/// Why an expression cannot be computed for one item.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EvalError {
    #[error("`{0}` is not set")]
    Unset(String),
    #[error("`{what}` is `{value}`, not a number")]
    NotNumber { what: String, value: String },
    #[error("`{what}` is `{value}`, not a condition (true or false)")]
    NotCondition { what: String, value: String },
    #[error("`{0}` divides by zero")]
    DivideByZero(String),
    #[error("no property `{0}`")]
    Unknown(String),
}

/// Where an expression's properties come from: an item, a build.
pub trait Scope {
    /// The property's value, or `None` when there is no such property at all.
    fn get(&self, name: &str) -> Option<Value>;
}

impl Expr {
    /// Reads an expression.
    pub fn parse(text: &str) -> Result<Expr, ParseError> {
        let chars = text.chars().count();
        if chars > MAX_CHARS {
            return Err(ParseErrorKind::TooLong(chars).at(0));
        }
        let tokens = lex(text)?;
        let mut p = Parser {
            tokens,
            pos: 0,
            depth: 0,
            end: chars,
        };
        if p.tokens.is_empty() {
            return Err(ParseErrorKind::Empty.at(0));
        }
        let e = p.or()?;
        match p.peek() {
            None => Ok(e),
            Some((at, t)) => Err(ParseError::unexpected(
                at,
                "an operator or the end",
                t.describe(),
            )),
        }
    }

    /// The properties it names, each once, in order.
    pub fn props(&self) -> Vec<&str> {
        let mut out = Vec::new();
        self.walk(&mut |e| {
            if let Expr::Prop(p) = e
                && !out.contains(&p.as_str())
            {
                out.push(p.as_str());
            }
        });
        out
    }

    fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        match self {
            Expr::Neg(e) | Expr::Not(e) => e.walk(f),
            Expr::Bin(_, a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::Call(_, args) => args.iter().for_each(|a| a.walk(f)),
            Expr::Num(_) | Expr::Text(_) | Expr::Prop(_) => {}
        }
    }

    /// Its value for the item `scope` describes.
    pub fn eval(&self, scope: &dyn Scope) -> Result<Value, EvalError> {
        let num = |e: &Expr| -> Result<f64, EvalError> {
            let v = e.eval(scope)?;
            v.number().ok_or_else(|| match v {
                Value::Unset => EvalError::Unset(e.to_string()),
                v => EvalError::NotNumber {
                    what: e.to_string(),
                    value: v.to_string(),
                },
            })
        };
        let cond = |e: &Expr| -> Result<bool, EvalError> {
            match e.eval(scope)? {
                Value::Bool(b) => Ok(b),
                v => Err(EvalError::NotCondition {
                    what: e.to_string(),
                    value: v.to_string(),
                }),
            }
        };
        Ok(match self {
            Expr::Num(n) => Value::Num(*n),
            Expr::Text(t) => Value::Text(t.clone()),
            Expr::Prop(p) => scope.get(p).ok_or_else(|| EvalError::Unknown(p.clone()))?,
            Expr::Neg(e) => Value::Num(-num(e)?),
            Expr::Not(e) => Value::Bool(!cond(e)?),
            Expr::Bin(op, a, b) => match op {
                Op::And => Value::Bool(cond(a)? && cond(b)?),
                Op::Or => Value::Bool(cond(a)? || cond(b)?),
                Op::Eq | Op::Ne => {
                    let same = a.eval(scope)?.same(&b.eval(scope)?);
                    Value::Bool(same == (*op == Op::Eq))
                }
                Op::Add => Value::Num(num(a)? + num(b)?),
                Op::Sub => Value::Num(num(a)? - num(b)?),
                Op::Mul => Value::Num(num(a)? * num(b)?),
                Op::Div => match (num(a)?, num(b)?) {
                    (_, 0.0) => return Err(EvalError::DivideByZero(self.to_string())),
                    (x, y) => Value::Num(x / y),
                },
                Op::Lt => Value::Bool(num(a)? < num(b)? - 1e-9),
                Op::Le => Value::Bool(num(a)? <= num(b)? + 1e-9),
                Op::Gt => Value::Bool(num(a)? > num(b)? + 1e-9),
                Op::Ge => Value::Bool(num(a)? >= num(b)? - 1e-9),
            },
            Expr::Call(f, args) => {
                let values = args.iter().map(num).collect::<Result<Vec<f64>, _>>()?;
                Value::Num(match f {
                    Func::Abs => values.first().copied().unwrap_or(0.0).abs(),
                    Func::Min => values.into_iter().fold(f64::INFINITY, f64::min),
                    Func::Max => values.into_iter().fold(f64::NEG_INFINITY, f64::max),
                })
            }
        })
    }

    /// "n = 5, front.pips = 3": the values it reads in `scope`, to say why a condition failed.
    pub fn read(&self, scope: &dyn Scope) -> String {
        let read = self.props().into_iter().map(|p| {
            let v = scope.get(p).unwrap_or(Value::Unset);
            format!("{p} = {v}")
        });
        read.collect::<Vec<_>>().join(", ")
    }

    /// Whether it is a comparison or a condition (what `holds:` and `if:` take).
    pub fn is_condition(&self) -> bool {
        match self {
            Expr::Not(_) => true,
            Expr::Bin(op, ..) => COMPARISONS.contains(op) || matches!(op, Op::And | Op::Or),
            _ => false,
        }
    }
}

/// Written back as a rule would write it (for messages).
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(n) => f.write_str(&number(*n)),
            Expr::Text(t) => write!(f, "'{t}'"),
            Expr::Prop(p) if is_plain_name(p) => f.write_str(p),
            Expr::Prop(p) => write!(f, "`{p}`"),
            Expr::Neg(e) => write!(f, "-{}", Paren(e)),
            Expr::Not(e) => write!(f, "not {}", Paren(e)),
            Expr::Bin(op, a, b) => write!(f, "{} {} {}", Paren(a), op.symbol(), Paren(b)),
            Expr::Call(func, args) => {
                let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                write!(f, "{}({})", func.name(), args.join(", "))
            }
        }
    }
}

/// An operand, in parentheses when it is itself an operation.
struct Paren<'e>(&'e Expr);

impl fmt::Display for Paren<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            e @ (Expr::Bin(..) | Expr::Not(_)) => write!(f, "({e})"),
            e => write!(f, "{e}"),
        }
    }
}

impl Op {
    fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::And => "and",
            Op::Or => "or",
        }
    }
}

impl Func {
    fn name(self) -> &'static str {
        match self {
            Func::Abs => "abs",
            Func::Min => "min",
            Func::Max => "max",
        }
    }
}

/// A property name that needs no backticks.
fn is_plain_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && !matches!(name, "and" | "or" | "not")
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Num(f64),
    Text(String),
    Name(String),
    Open,
    Close,
    Comma,
    Op(Op),
    Not,
    Minus,
}

/// The operators that compare two values.
const COMPARISONS: [Op; 6] = [Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge];

impl Token {
    /// The operator it is, when it is one of `ops` (`-` is subtraction here).
    fn op_in(&self, ops: &[Op]) -> Option<Op> {
        let op = match self {
            Token::Op(op) => *op,
            Token::Minus => Op::Sub,
            _ => return None,
        };
        ops.contains(&op).then_some(op)
    }

    fn describe(&self) -> String {
        match self {
            Token::Num(n) => format!("the number {}", number(*n)),
            Token::Text(t) => format!("the text '{t}'"),
            Token::Name(n) => format!("`{n}`"),
            Token::Open => "`(`".into(),
            Token::Close => "`)`".into(),
            Token::Comma => "`,`".into(),
            Token::Op(op) => format!("`{}`", op.symbol()),
            Token::Not => "`not`".into(),
            Token::Minus => "`-`".into(),
        }
    }
}

fn lex(text: &str) -> Result<Vec<(usize, Token)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        let paired = match (c, chars.get(i + 1)) {
            ('=', Some('=')) => Some(Op::Eq),
            ('!', Some('=')) => Some(Op::Ne),
            ('<', Some('=')) => Some(Op::Le),
            ('>', Some('=')) => Some(Op::Ge),
            _ => None,
        };
        if let Some(op) = paired {
            out.push((start, Token::Op(op)));
            i += 2;
            continue;
        }
        let token = match c {
            ' ' | '\t' | '\n' | '\r' => {
                i += 1;
                continue;
            }
            '(' => Token::Open,
            ')' => Token::Close,
            ',' => Token::Comma,
            '+' => Token::Op(Op::Add),
            // A rulebook's minus sign (U+2212) as well as a hyphen: `6 − |7 − n|` pasted in.
            '-' | '−' => Token::Minus,
            '*' | '×' => Token::Op(Op::Mul),
            '/' => Token::Op(Op::Div),
            '=' => return Err(ParseErrorKind::LoneEquals.at(i)),
            '<' => Token::Op(Op::Lt),
            '>' => Token::Op(Op::Gt),
            '≤' => Token::Op(Op::Le),
            '≥' => Token::Op(Op::Ge),
            '≠' => Token::Op(Op::Ne),
            '\'' | '"' | '`' => {
                let close = chars[i + 1..]
                    .iter()
                    .position(|&d| d == c)
                    .ok_or_else(|| ParseErrorKind::Unclosed(c).at(i))?;
                let inner: String = chars[i + 1..i + 1 + close].iter().collect();
                i += close + 1;
                match c {
                    '`' => Token::Name(inner),
                    _ => Token::Text(inner),
                }
            }
            c if c.is_ascii_digit() || c == '.' => {
                let len = chars[i..]
                    .iter()
                    .take_while(|d| d.is_ascii_digit() || **d == '.')
                    .count();
                let digits: String = chars[i..i + len].iter().collect();
                i += len - 1;
                let n = digits.parse::<f64>().ok().filter(|n| n.is_finite());
                match n {
                    Some(n) => Token::Num(n),
                    None => {
                        let found = format!("`{digits}`");
                        return Err(ParseError::unexpected(start, "a number", found));
                    }
                }
            }
            c if c.is_alphabetic() || c == '_' => {
                let len = chars[i..]
                    .iter()
                    .take_while(|d| d.is_alphanumeric() || **d == '_' || **d == '.')
                    .count();
                let word: String = chars[i..i + len].iter().collect();
                i += len - 1;
                match word.as_str() {
                    "and" => Token::Op(Op::And),
                    "or" => Token::Op(Op::Or),
                    "not" => Token::Not,
                    _ => Token::Name(word),
                }
            }
            other => {
                let expected = "a property, a number, an operator or a parenthesis";
                return Err(ParseError::unexpected(i, expected, format!("`{other}`")));
            }
        };
        out.push((start, token));
        i += 1;
    }
    Ok(out)
}

/// One rule of the grammar: reads what it reads, or why it cannot.
type Step = fn(&mut Parser) -> Result<Expr, ParseError>;

struct Parser {
    tokens: Vec<(usize, Token)>,
    pos: usize,
    depth: usize,
    /// Where the text ends: an error at the end points there.
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<(usize, &Token)> {
        self.tokens.get(self.pos).map(|(at, t)| (*at, t))
    }

    fn next(&mut self) -> Option<(usize, Token)> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn eat(&mut self, want: &Token) -> bool {
        let hit = self.peek().is_some_and(|(_, t)| t == want);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            Some((at, t)) => ParseError::unexpected(at, expected, t.describe()),
            None => ParseError::unexpected(self.end, expected, "the end".into()),
        }
    }

    /// One level deeper; refused past `MAX_DEPTH` (each level is a stack frame).
    fn deeper(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        match self.depth > MAX_DEPTH {
            true => Err(ParseErrorKind::TooDeep.at(self.peek().map_or(self.end, |(at, _)| at))),
            false => Ok(()),
        }
    }

    /// Operands read by `operand`, joined left to right by any of `ops` (`a + b - c`).
    fn chain(&mut self, ops: &[Op], operand: Step) -> Result<Expr, ParseError> {
        let mut e = operand(self)?;
        while let Some(op) = self.peek().and_then(|(_, t)| t.op_in(ops)) {
            self.pos += 1;
            e = Expr::Bin(op, e.into(), operand(self)?.into());
        }
        Ok(e)
    }

    fn or(&mut self) -> Result<Expr, ParseError> {
        self.deeper()?;
        let e = self.chain(&[Op::Or], Parser::and)?;
        self.depth -= 1;
        Ok(e)
    }

    fn and(&mut self) -> Result<Expr, ParseError> {
        self.chain(&[Op::And], Parser::not)
    }

    fn not(&mut self) -> Result<Expr, ParseError> {
        self.prefixed(&Token::Not, Expr::Not, Parser::not, Parser::comparison)
    }

    /// `prefix` and what `itself` reads after it (`not not a`, `--1`), one level deeper each;
    /// without it, what `next` reads.
    fn prefixed(
        &mut self,
        prefix: &Token,
        wrap: fn(Box<Expr>) -> Expr,
        itself: Step,
        next: Step,
    ) -> Result<Expr, ParseError> {
        if !self.eat(prefix) {
            return next(self);
        }
        self.deeper()?;
        let e = wrap(itself(self)?.into());
        self.depth -= 1;
        Ok(e)
    }

    /// `a < b`, not `a < b < c` (which reads as two conditions and is neither).
    fn comparison(&mut self) -> Result<Expr, ParseError> {
        let e = self.sum()?;
        let Some(op) = self.peek().and_then(|(_, t)| t.op_in(&COMPARISONS)) else {
            return Ok(e);
        };
        self.pos += 1;
        let rhs = self.sum()?;
        if let Some((at, t)) = self.peek().filter(|(_, t)| t.op_in(&COMPARISONS).is_some()) {
            let expected = "`and` or `or` between two comparisons";
            return Err(ParseError::unexpected(at, expected, t.describe()));
        }
        Ok(Expr::Bin(op, e.into(), rhs.into()))
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        self.chain(&[Op::Add, Op::Sub], Parser::product)
    }

    fn product(&mut self) -> Result<Expr, ParseError> {
        self.chain(&[Op::Mul, Op::Div], Parser::unary)
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        self.prefixed(&Token::Minus, Expr::Neg, Parser::unary, Parser::primary)
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        const WANT: &str = "a property, a number, a text or `(`";
        let Some((at, token)) = self.next() else {
            self.pos -= 1;
            return Err(self.unexpected(WANT));
        };
        match token {
            Token::Num(n) => Ok(Expr::Num(n)),
            Token::Text(t) => Ok(Expr::Text(t)),
            Token::Open => {
                let e = self.or()?;
                if !self.eat(&Token::Close) {
                    return Err(self.unexpected("`)`"));
                }
                Ok(e)
            }
            Token::Name(name) if self.peek().is_some_and(|(_, t)| *t == Token::Open) => {
                self.call(at, name)
            }
            Token::Name(name) => Ok(Expr::Prop(name)),
            _ => {
                self.pos -= 1;
                Err(self.unexpected(WANT))
            }
        }
    }

    fn call(&mut self, at: usize, name: String) -> Result<Expr, ParseError> {
        let (func, fname, takes, ok): (Func, &'static str, &'static str, fn(usize) -> bool) =
            match name.as_str() {
                "abs" => (Func::Abs, "abs", "one number", |n| n == 1),
                "min" => (Func::Min, "min", "one number or more", |n| n >= 1),
                "max" => (Func::Max, "max", "one number or more", |n| n >= 1),
                _ => return Err(ParseErrorKind::UnknownFunction(name).at(at)),
            };
        self.pos += 1; // `(`
        let mut args = Vec::new();
        if !self.eat(&Token::Close) {
            loop {
                args.push(self.or()?);
                if self.eat(&Token::Close) {
                    break;
                }
                if !self.eat(&Token::Comma) {
                    return Err(self.unexpected("`,` or `)`"));
                }
            }
        }
        if !ok(args.len()) {
            let found = args.len();
            return Err(ParseErrorKind::Arity {
                name: fname,
                takes,
                found,
            }
            .at(at));
        }
        Ok(Expr::Call(func, args))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    struct Map(BTreeMap<&'static str, Value>);
    impl Scope for Map {
        fn get(&self, name: &str) -> Option<Value> {
            self.0.get(name).cloned()
        }
    }

    fn eval(text: &str, vars: &[(&'static str, Value)]) -> Result<Value, EvalError> {
        Expr::parse(text)
            .unwrap()
            .eval(&Map(vars.iter().cloned().collect()))
    }

    #[test]
    fn pips_follow_the_value() {
        for n in 2..=12 {
            let want = 6 - (7i32 - n).abs();
            let got = eval("6 - abs(7 - n)", &[("n", Value::Text(n.to_string()))]);
            assert_eq!(got, Ok(Value::Num(want as f64)), "n = {n}");
        }
    }

    #[test]
    fn a_rulebook_s_minus_sign_subtracts() {
        assert_eq!(
            eval("6 − abs(7 − n)", &[("n", Value::Num(5.0))]),
            Ok(Value::Num(4.0))
        );
    }

    #[test]
    fn precedence_and_conditions() {
        assert_eq!(eval("2 + 3 * 4", &[]), Ok(Value::Num(14.0)));
        assert_eq!(eval("(2 + 3) * 4", &[]), Ok(Value::Num(20.0)));
        assert_eq!(eval("10 - 4 - 3", &[]), Ok(Value::Num(3.0)));
        assert_eq!(eval("-2 * -3", &[]), Ok(Value::Num(6.0)));
        let family = [
            ("children", Value::Num(4.0)),
            ("adults", Value::Num(2.0)),
            ("old", Value::Num(4.0)),
        ];
        assert_eq!(
            eval("children + old >= 2 * adults", &family),
            Ok(Value::Bool(true))
        );
        assert_eq!(
            eval(
                "not (adults > 1 and old == 4) or max(1, children, 3) == 4",
                &family
            ),
            Ok(Value::Bool(true))
        );
        assert_eq!(eval("min(3, 1, 2)", &[]), Ok(Value::Num(1.0)));
    }

    #[test]
    fn values_compare_as_numbers_colours_and_texts() {
        let ink = [("ink", Value::Colour("#ff0000".into()))];
        assert_eq!(eval("ink == 'red'", &ink), Ok(Value::Bool(true)));
        assert_eq!(eval("ink == '#F00'", &ink), Ok(Value::Bool(true)));
        assert_eq!(eval("ink != 'black'", &ink), Ok(Value::Bool(true)));
        let rank = [("rank", Value::Text("q".into()))];
        assert_eq!(eval("rank == 'q'", &rank), Ok(Value::Bool(true)));
        assert!(matches!(
            eval("rank + 1", &rank),
            Err(EvalError::NotNumber { .. })
        ));
        let gap = [("n", Value::Unset)];
        assert_eq!(eval("n + 1", &gap), Err(EvalError::Unset("n".into())));
        assert_eq!(
            eval(
                "`VP at the end` * 2",
                &[("VP at the end", Value::Text("3".into()))]
            ),
            Ok(Value::Num(6.0))
        );
        assert!(matches!(
            eval("1 / (2 - 2)", &[]),
            Err(EvalError::DivideByZero(_))
        ));
    }

    #[test]
    fn mistakes_are_located_in_the_text() {
        let at = |text: &str| Expr::parse(text).unwrap_err();
        assert_eq!(at("n = 6").kind, ParseErrorKind::LoneEquals);
        assert_eq!(at("n = 6").at, 2);
        assert_eq!(at("6 - abs(7 - n").at, 13);
        assert!(matches!(
            at("sqrt(n)").kind,
            ParseErrorKind::UnknownFunction(_)
        ));
        assert!(matches!(at("abs(1, 2)").kind, ParseErrorKind::Arity { .. }));
        assert!(matches!(
            at("1 < n < 3").kind,
            ParseErrorKind::Unexpected { .. }
        ));
        assert!(matches!(at("'open").kind, ParseErrorKind::Unclosed('\'')));
        assert!(matches!(at("").kind, ParseErrorKind::Empty));
        assert!(matches!(
            at("n $ 2").kind,
            ParseErrorKind::Unexpected { .. }
        ));
        let long = "1 + ".repeat(200) + "1";
        assert!(matches!(at(&long).kind, ParseErrorKind::TooLong(_)));
        let nested = |n: usize| "(".repeat(n) + "1" + &")".repeat(n);
        assert!(Expr::parse(&nested(20)).is_ok());
        assert_eq!(at(&nested(21)).kind, ParseErrorKind::TooDeep);
        assert_eq!(at(&nested(100)).kind, ParseErrorKind::TooDeep);
        let negations = "-".repeat(100) + "1";
        assert_eq!(at(&negations).kind, ParseErrorKind::TooDeep);
    }

    #[test]
    fn written_back_as_read() {
        for text in [
            "6 - abs(7 - n)",
            "(children + old) >= (2 * adults)",
            "`VP at the end` == 3",
        ] {
            let e = Expr::parse(text).unwrap();
            assert_eq!(Expr::parse(&e.to_string()).unwrap(), e, "{text} → {e}");
        }
        assert_eq!(
            Expr::parse("front.pips == 6 - abs(7 - n)").unwrap().props(),
            ["front.pips", "n"]
        );
    }
}
