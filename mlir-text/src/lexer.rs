//! The lexer: MLIR text to tokens, one at a time, over bytes.
//!
//! Tokens are `(kind, span)` pairs; their text is a slice of the source, so lexing never
//! allocates. `%r#1` is one token (a value use with a result number). The parser can also
//! scan raw text (balanced `<...>` bodies of dialect types and attributes) and then resume
//! lexing at any byte offset with [`Lexer::seek`].

use crate::diag::Diagnostic;
use crate::source::Span;

/// What kind of token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// End of input.
    Eof,
    /// `foo`, `comb.add`, `i8`, `x`.
    BareId,
    /// `%name`, `%0`, `%r#1`.
    Percent,
    /// `^bb0`.
    Caret,
    /// `@name`, `@"quoted"`.
    At,
    /// `#name`, `#dialect.attr`.
    Hash,
    /// `!name`, `!dialect.type`.
    Bang,
    /// `42`, `0x2A`.
    Int,
    /// `1.5`, `2.0e-3`.
    Float,
    /// `"text"` (escapes not decoded).
    Str,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `::`
    ColonColon,
    /// `=`
    Equal,
    /// `->`
    Arrow,
    /// `-`
    Minus,
    /// `+`
    Plus,
    /// `*`
    Star,
    /// `?`
    Question,
    /// `{-#`
    FileMetaBegin,
}

impl Tok {
    /// How the token is described in "expected ..." messages.
    pub fn describe(self) -> &'static str {
        match self {
            Tok::Eof => "end of file",
            Tok::BareId => "identifier",
            Tok::Percent => "value name",
            Tok::Caret => "block label",
            Tok::At => "symbol name",
            Tok::Hash => "attribute alias",
            Tok::Bang => "type alias",
            Tok::Int => "integer",
            Tok::Float => "float",
            Tok::Str => "string",
            Tok::LParen => "'('",
            Tok::RParen => "')'",
            Tok::LBrace => "'{'",
            Tok::RBrace => "'}'",
            Tok::LSquare => "'['",
            Tok::RSquare => "']'",
            Tok::Less => "'<'",
            Tok::Greater => "'>'",
            Tok::Comma => "','",
            Tok::Colon => "':'",
            Tok::ColonColon => "'::'",
            Tok::Equal => "'='",
            Tok::Arrow => "'->'",
            Tok::Minus => "'-'",
            Tok::Plus => "'+'",
            Tok::Star => "'*'",
            Tok::Question => "'?'",
            Tok::FileMetaBegin => "'{-#'",
        }
    }
}

/// One token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// Its kind.
    pub kind: Tok,
    /// Where it is.
    pub span: Span,
}

/// The lexer state: the text and a byte position.
pub struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
}

/// Character classes, one lookup per byte in the hot loops.
const ID_START: u8 = 1;
const ID_CHAR: u8 = 2;
const SUFFIX_CHAR: u8 = 4;
const SPACE: u8 = 8;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let alpha = c.is_ascii_alphabetic();
        let alnum = c.is_ascii_alphanumeric();
        let mut k = 0;
        if alpha || c == b'_' {
            k |= ID_START;
        }
        if alnum || matches!(c, b'_' | b'$' | b'.') {
            k |= ID_CHAR;
        }
        if alnum || matches!(c, b'_' | b'$' | b'.' | b'-') {
            k |= SUFFIX_CHAR;
        }
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
            k |= SPACE;
        }
        t[b] = k;
        b += 1;
    }
    t
};

fn is_id_start(b: u8) -> bool {
    CLASS[b as usize] & ID_START != 0
}

fn is_id_char(b: u8) -> bool {
    CLASS[b as usize] & ID_CHAR != 0
}

/// Where the name after the sigil at `start` (`%`, `^`, `@`, `#`, `!`) ends: digits, or an
/// identifier that may also hold `$ . -`; `None` if neither follows (a lexer error).
#[inline(always)]
pub(crate) fn suffix_end(bytes: &[u8], start: usize) -> Option<usize> {
    let c = bytes.get(start + 1).copied().unwrap_or(0);
    if c.is_ascii_digit() {
        let mut end = start + 1;
        while bytes.get(end).is_some_and(|b| b.is_ascii_digit()) {
            end += 1;
        }
        Some(end)
    } else if is_id_start(c) || matches!(c, b'$' | b'.' | b'-') {
        Some(skip_class(bytes, start + 1, SUFFIX_CHAR))
    } else {
        None
    }
}

/// The name of the `%name` token at byte `pos` of `text` (without `%` and without a `#N`
/// result number), if one is there.
pub fn value_name_at(text: &str, pos: usize) -> Option<&str> {
    if text.as_bytes().get(pos) != Some(&b'%') {
        return None;
    }
    text.get(pos + 1..suffix_end(text.as_bytes(), pos)?)
}

/// Where a `%name` token whose name ends at `end` ends: after a `#N` result number if one
/// follows.
#[inline(always)]
pub(crate) fn result_number_end(bytes: &[u8], mut end: usize) -> usize {
    if bytes.get(end) == Some(&b'#') && bytes.get(end + 1).is_some_and(|b| b.is_ascii_digit()) {
        end += 1;
        while bytes.get(end).is_some_and(|b| b.is_ascii_digit()) {
            end += 1;
        }
    }
    end
}

/// Where a bare identifier starting at `start` (an identifier-start byte) ends.
#[inline(always)]
pub(crate) fn bare_id_end(bytes: &[u8], start: usize) -> usize {
    skip_class(bytes, start + 1, ID_CHAR)
}

/// The first index from `i` that is not a space, tab or line break (or the end).
#[inline(always)]
pub(crate) fn skip_space(bytes: &[u8], i: usize) -> usize {
    skip_class(bytes, i, SPACE)
}

/// True for a byte that can start a bare identifier.
#[inline(always)]
pub(crate) fn is_id_start_byte(b: u8) -> bool {
    is_id_start(b)
}

/// The first index from `i` whose byte is not of class `k` (or the end).
#[inline(always)]
fn skip_class(bytes: &[u8], mut i: usize, k: u8) -> usize {
    while let Some(&b) = bytes.get(i) {
        if CLASS[b as usize] & k == 0 {
            break;
        }
        i += 1;
    }
    i
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { bytes: text.as_bytes(), pos: 0 }
    }

    /// The byte position of the next unread character.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Continues lexing at byte `pos` (clamped to the text).
    pub fn seek(&mut self, pos: usize) {
        self.pos = pos.min(self.bytes.len());
    }

    /// The byte at `i`, or 0 past the end.
    pub fn byte(&self, i: usize) -> u8 {
        self.bytes.get(i).copied().unwrap_or(0)
    }

    /// The length of the text.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True for an empty text.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Skips whitespace and `//` comments from `pos`, returning the next position.
    pub fn skip_trivia(&self, mut pos: usize) -> usize {
        loop {
            pos = skip_class(self.bytes, pos, SPACE);
            if self.byte(pos) == b'/' && self.byte(pos + 1) == b'/' {
                while pos < self.bytes.len() && self.bytes[pos] != b'\n' {
                    pos += 1;
                }
            } else {
                return pos;
            }
        }
    }

    fn tok(&mut self, kind: Tok, start: usize, end: usize) -> Token {
        self.pos = end;
        Token { kind, span: Span::new(start, end) }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Result<Token, Diagnostic> {
        let start = self.skip_trivia(self.pos);
        if start >= self.bytes.len() {
            return Ok(self.tok(Tok::Eof, self.bytes.len(), self.bytes.len()));
        }
        let b = self.bytes[start];
        let single = |k| Some((k, start + 1));
        let simple = match b {
            b'(' => single(Tok::LParen),
            b')' => single(Tok::RParen),
            b'{' if self.byte(start + 1) == b'-' && self.byte(start + 2) == b'#' => {
                Some((Tok::FileMetaBegin, start + 3))
            }
            b'{' => single(Tok::LBrace),
            b'}' => single(Tok::RBrace),
            b'[' => single(Tok::LSquare),
            b']' => single(Tok::RSquare),
            b'<' => single(Tok::Less),
            b'>' => single(Tok::Greater),
            b',' => single(Tok::Comma),
            b':' if self.byte(start + 1) == b':' => Some((Tok::ColonColon, start + 2)),
            b':' => single(Tok::Colon),
            b'=' => single(Tok::Equal),
            b'-' if self.byte(start + 1) == b'>' => Some((Tok::Arrow, start + 2)),
            b'-' => single(Tok::Minus),
            b'+' => single(Tok::Plus),
            b'*' => single(Tok::Star),
            b'?' => single(Tok::Question),
            _ => None,
        };
        if let Some((kind, end)) = simple {
            return Ok(self.tok(kind, start, end));
        }
        match b {
            b'"' => {
                let end = self.string_end(start)?;
                Ok(self.tok(Tok::Str, start, end))
            }
            b'0'..=b'9' => self.number(start),
            b'%' | b'^' | b'@' | b'#' | b'!' => self.prefixed(start, b),
            _ if is_id_start(b) => {
                let end = bare_id_end(self.bytes, start);
                Ok(self.tok(Tok::BareId, start, end))
            }
            _ => {
                self.pos = start;
                let what = if b < 0x80 {
                    format!("unexpected character '{}'", (b as char).escape_default())
                } else {
                    "unexpected non-ASCII character".to_string()
                };
                let mut end = start + 1;
                while end < self.bytes.len() && (self.bytes[end] & 0xC0) == 0x80 {
                    end += 1;
                }
                Err(Diagnostic::error(Span::new(start, end), what))
            }
        }
    }

    /// The end of a string literal starting at `start` (which holds `"`).
    pub fn string_end(&self, start: usize) -> Result<usize, Diagnostic> {
        let mut i = start + 1;
        loop {
            match self.byte(i) {
                b'"' => return Ok(i + 1),
                b'\\' if i + 1 < self.bytes.len() => i += 2,
                b'\n' | b'\r' => break,
                _ if i >= self.bytes.len() => break,
                _ => i += 1,
            }
        }
        Err(Diagnostic::error(Span::new(start, start + 1), "unterminated string literal"))
    }

    /// Whether the `.` before `i` continues a float literal: MLIR's
    /// `[0-9]+ '.' [0-9]* ([eE] [-+]? [0-9]+)?` takes digits, an exponent, or nothing (`1.`
    /// before a delimiter) after the dot; `1.foo` is not a number.
    fn float_after_dot(&self, i: usize) -> bool {
        let b = self.byte(i);
        let exponent = matches!(b, b'e' | b'E') && {
            let d = if matches!(self.byte(i + 1), b'+' | b'-') { i + 2 } else { i + 1 };
            self.byte(d).is_ascii_digit()
        };
        b.is_ascii_digit() || exponent || !(is_id_char(b) || b == b'.')
    }

    fn number(&mut self, start: usize) -> Result<Token, Diagnostic> {
        let mut end = start;
        if self.byte(start) == b'0'
            && self.byte(start + 1) == b'x'
            && !self.byte(start + 2).is_ascii_hexdigit()
        {
            let mut e = start + 2;
            while is_id_char(self.byte(e)) {
                e += 1;
            }
            return Err(Diagnostic::error(Span::new(start, e), "invalid hexadecimal literal"));
        }
        if self.byte(start) == b'0' && self.byte(start + 1) == b'x' {
            end = start + 2;
            while self.byte(end).is_ascii_hexdigit() {
                end += 1;
            }
            if is_id_start(self.byte(end)) {
                return Err(Diagnostic::error(Span::new(start, end + 1), "invalid hexadecimal literal"));
            }
            return Ok(self.tok(Tok::Int, start, end));
        }
        while self.byte(end).is_ascii_digit() {
            end += 1;
        }
        if self.byte(end) == b'.' && self.float_after_dot(end + 1) {
            end += 1;
            while self.byte(end).is_ascii_digit() {
                end += 1;
            }
            if matches!(self.byte(end), b'e' | b'E') {
                let mut e = end + 1;
                if matches!(self.byte(e), b'+' | b'-') {
                    e += 1;
                }
                if self.byte(e).is_ascii_digit() {
                    end = e;
                    while self.byte(end).is_ascii_digit() {
                        end += 1;
                    }
                }
            }
            return Ok(self.tok(Tok::Float, start, end));
        }
        Ok(self.tok(Tok::Int, start, end))
    }

    fn prefixed(&mut self, start: usize, b: u8) -> Result<Token, Diagnostic> {
        let kind = match b {
            b'%' => Tok::Percent,
            b'^' => Tok::Caret,
            b'@' => Tok::At,
            b'#' => Tok::Hash,
            _ => Tok::Bang,
        };
        let c = self.byte(start + 1);
        if b == b'#' && c == b'-' && self.byte(start + 2) == b'}' {
            return Err(Diagnostic::error(Span::new(start, start + 3), "unexpected '#-}'"));
        }
        if b == b'@' && c == b'"' {
            let end = self.string_end(start + 1)?;
            return Ok(self.tok(kind, start, end));
        }
        let Some(mut end) = suffix_end(self.bytes, start) else {
            let what = match kind {
                Tok::Percent => "value name",
                Tok::Caret => "block label",
                Tok::At => "symbol name",
                Tok::Hash => "attribute name",
                _ => "type name",
            };
            return Err(Diagnostic::error(
                Span::new(start, start + 1),
                format!("expected a {what} after '{}'", b as char),
            ));
        };
        if b == b'%' {
            end = result_number_end(self.bytes, end);
        }
        Ok(self.tok(kind, start, end))
    }
}

/// Decodes the body of a string literal token (with its quotes) into a `String`.
/// Escapes: `\n`, `\t`, `\"`, `\\` and two hex digits `\XX` (bytes; invalid UTF-8 is
/// replaced).
pub fn unescape(lit: &str) -> String {
    let inner = lit.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(lit);
    if !inner.contains('\\') {
        return inner.to_string();
    }
    let b = inner.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            let c = b[i + 1];
            let hex = |x: u8| (x as char).to_digit(16);
            match c {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'"' => out.push(b'"'),
                b'\\' => out.push(b'\\'),
                _ => match (hex(c), b.get(i + 2).and_then(|&d| hex(d))) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 1;
                    }
                    _ => {
                        out.push(b'\\');
                        out.push(c);
                    }
                },
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok> {
        let mut lx = Lexer::new(text);
        let mut v = Vec::new();
        loop {
            let t = lx.next_token().unwrap();
            if t.kind == Tok::Eof {
                return v;
            }
            v.push(t.kind);
        }
    }

    #[test]
    fn lexes_punctuation_and_ids() {
        use Tok::*;
        assert_eq!(
            kinds("%r#1 = comb.add %a, %0 : i8 // c\n-> :: {-# ^bb0 @x !seq.clock #loc 0x1F 1.5e3"),
            vec![
                Percent,
                Equal,
                BareId,
                Percent,
                Comma,
                Percent,
                Colon,
                BareId,
                Arrow,
                ColonColon,
                FileMetaBegin,
                Caret,
                At,
                Bang,
                Hash,
                Int,
                Float
            ]
        );
    }

    #[test]
    fn value_names_in_text() {
        let t = "%v12 = x %0#1 %";
        assert_eq!(value_name_at(t, 0), Some("v12"));
        assert_eq!(value_name_at(t, 9), Some("0"));
        assert_eq!(value_name_at(t, 14), None);
        assert_eq!(value_name_at(t, 1), None);
        assert_eq!(value_name_at(t, 99), None);
    }

    #[test]
    fn strings_and_errors() {
        assert_eq!(unescape(r#""a\"b\n\41""#), "a\"b\nA");
        let mut lx = Lexer::new("\"abc");
        assert!(lx.next_token().unwrap_err().message.contains("unterminated string"));
        let mut lx = Lexer::new("  `");
        assert_eq!(lx.next_token().unwrap_err().span, Some(Span::new(2, 3)));
    }
}
