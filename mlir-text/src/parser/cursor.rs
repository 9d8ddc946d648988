//! A byte cursor for the fast path ([`super::simple`]): reads the few tokens of the simple
//! forms straight from the text, with the lexer's own rules for where a token ends, so
//! that every token it accepts is the token the lexer would give. Anything else (a comment,
//! a token of another kind, a number that is hex or too large) is [`NotSimple`]: the op
//! then goes the general way.

use super::UseRef;
use crate::lexer::{bare_id_end, is_id_start_byte, result_number_end, skip_space, suffix_end};
use crate::source::Span;

/// The op is not in a simple form: rewind and take the general path.
pub(super) struct NotSimple;

impl From<crate::diag::Diagnostic> for NotSimple {
    fn from(_: crate::diag::Diagnostic) -> NotSimple {
        NotSimple
    }
}

/// The cursor: the text and the position after the last token read (so that the end of
/// the op is where the cursor stops).
pub(super) struct Cursor<'a> {
    text: &'a str,
    pub(super) pos: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(text: &'a str, pos: usize) -> Cursor<'a> {
        Cursor { text, pos }
    }

    #[inline(always)]
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    #[inline(always)]
    fn byte(&self, i: usize) -> u8 {
        self.bytes().get(i).copied().unwrap_or(0)
    }

    /// Where the next token starts and its first byte (a comment is not simple).
    #[inline(always)]
    pub(super) fn peek(&self) -> Result<(usize, u8), NotSimple> {
        let at = skip_space(self.bytes(), self.pos);
        match self.byte(at) {
            b'/' => Err(NotSimple),
            b => Ok((at, b)),
        }
    }

    /// Reads the next token if it is the one-byte punctuation `c`: `=`, `,`, `(`, `)`, or
    /// `:` (not `::`).
    #[inline(always)]
    pub(super) fn eat(&mut self, c: u8) -> Result<bool, NotSimple> {
        let (at, b) = self.peek()?;
        if b != c || (c == b':' && self.byte(at + 1) == b':') {
            return Ok(false);
        }
        self.pos = at + 1;
        Ok(true)
    }

    /// The one-byte punctuation `c` (see [`Cursor::eat`]).
    #[inline(always)]
    pub(super) fn punct(&mut self, c: u8) -> Result<(), NotSimple> {
        if self.eat(c)? {
            Ok(())
        } else {
            Err(NotSimple)
        }
    }

    /// `->`.
    #[inline(always)]
    pub(super) fn arrow(&mut self) -> Result<(), NotSimple> {
        let (at, b) = self.peek()?;
        if b != b'-' || self.byte(at + 1) != b'>' {
            return Err(NotSimple);
        }
        self.pos = at + 2;
        Ok(())
    }

    /// A bare identifier: its text and span.
    #[inline(always)]
    pub(super) fn bare(&mut self) -> Result<(&'a str, Span), NotSimple> {
        let (start, b) = self.peek()?;
        if !is_id_start_byte(b) {
            return Err(NotSimple);
        }
        self.pos = bare_id_end(self.bytes(), start);
        Ok((&self.text[start..self.pos], Span::new(start, self.pos)))
    }

    /// Reads the next token if it is the bare word `kw`.
    #[inline(always)]
    pub(super) fn eat_kw(&mut self, kw: &str) -> Result<Option<Span>, NotSimple> {
        let save = self.pos;
        if is_id_start_byte(self.peek()?.1) {
            let (w, span) = self.bare()?;
            if w == kw {
                return Ok(Some(span));
            }
        }
        self.pos = save;
        Ok(None)
    }

    /// `%name` or `%name#N`, as [`super::Parser::parse_use`] reads it.
    #[inline(always)]
    pub(super) fn value(&mut self) -> Result<UseRef<'a>, NotSimple> {
        let (start, b) = self.peek()?;
        if b != b'%' {
            return Err(NotSimple);
        }
        let name_end = suffix_end(self.bytes(), start).ok_or(NotSimple)?;
        let end = result_number_end(self.bytes(), name_end);
        let index =
            if end == name_end { 0 } else { self.text[name_end + 1..end].parse().map_err(|_| NotSimple)? };
        self.pos = end;
        Ok(UseRef { name: &self.text[start + 1..name_end], index, span: Span::new(start, end) })
    }

    /// `%a, %b, ...`: at least one.
    #[inline(always)]
    pub(super) fn values(&mut self, out: &mut smallvec::SmallVec<[UseRef<'a>; 3]>) -> Result<(), NotSimple> {
        loop {
            out.push(self.value()?);
            if !self.eat(b',')? {
                return Ok(());
            }
        }
    }

    /// A decimal integer token (not hex, not the start of a float): its text and span.
    #[inline(always)]
    pub(super) fn decimal(&mut self) -> Result<(&'a str, Span), NotSimple> {
        let (start, b) = self.peek()?;
        if !b.is_ascii_digit() || (b == b'0' && self.byte(start + 1) == b'x') {
            return Err(NotSimple);
        }
        let mut end = start;
        while self.byte(end).is_ascii_digit() {
            end += 1;
        }
        if self.byte(end) == b'.' && self.byte(end + 1).is_ascii_digit() {
            return Err(NotSimple);
        }
        self.pos = end;
        Ok((&self.text[start..end], Span::new(start, end)))
    }
}
