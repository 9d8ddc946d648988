//! The op tree: MLIR's generic structure, whatever syntax an op was written in.
//!
//! Custom forms (`comb.add %a, %b : i8`, `hw.module @m(in %a : i8, ...)`) are normalized to
//! what `mlir-opt --mlir-print-op-generic` would print for them: operands, results, their
//! types, properties and attributes under CIRCT's names (`predicate`, `lowBit`,
//! `module_type`, `operandSegmentSizes`, ...), regions and successors. Later stages therefore
//! see one shape per op.
//!
//! Values are named by [`ValueId`] into [`File::values`]; the reader has already resolved
//! every use to its definition (graph regions allow use before definition).

use crate::source::Span;
use smallvec::SmallVec;
use std::borrow::Cow;
use std::sync::Arc;

/// Index of a value (op result or block argument) in [`File::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

impl ValueId {
    /// The index as `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Signedness of an integer type: `iN`, `siN`, `uiN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`
    Signless,
    /// `siN`
    Signed,
    /// `uiN`
    Unsigned,
}

/// Floating-point kinds (HLS input only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `f16`
    F16,
    /// `bf16`
    BF16,
    /// `f32`
    F32,
    /// `f64`
    F64,
}

/// An MLIR type. The common ones are small and inline; the rest are boxed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `i8`, `si4`, `ui1`... The reader rejects widths above [`MAX_WIDTH`]; `i0` is read
    /// (the netlist builder erases zero-width values).
    Int {
        /// Bits, 0..=MAX_WIDTH.
        width: u32,
        /// `i`, `si` or `ui`.
        signedness: Signedness,
    },
    /// `index`
    Index,
    /// `f32`, ...
    Float(FloatKind),
    /// `!seq.clock`
    Clock,
    /// `none`
    None,
    /// Anything else.
    Complex(Box<ComplexType>),
}

/// The widest integer type the reader accepts (a CIRCT-like limit: 2^24 bits).
pub const MAX_WIDTH: u32 = 1 << 24;

impl Type {
    /// A signless integer type `iN`.
    pub fn int(width: u32) -> Type {
        Type::Int { width, signedness: Signedness::Signless }
    }
    /// The width of an integer type (any signedness), else `None`.
    pub fn int_width(&self) -> Option<u32> {
        match self {
            Type::Int { width, .. } => Some(*width),
            _ => None,
        }
    }
}

/// Types that are rare enough to live behind a box.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ComplexType {
    /// `memref<8x?xi32>`: dimensions (`None` for `?`) and element type; layout/memory space
    /// kept as raw text.
    MemRef {
        /// Dimensions, `None` where dynamic.
        shape: Vec<Option<u64>>,
        /// Element type.
        elem: Type,
        /// Anything after the element type, verbatim (`, affine_map<...>`), or empty.
        rest: String,
    },
    /// `(i8, i1) -> i8`
    Function {
        /// Argument types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `!hw.modty<input a : i8, output y : i8>`, also built from a custom `hw.module` header.
    HwModule(Vec<ModulePort>),
    /// `!hw.array<4xi8>` (element 0 in the low bits; see [`crate::hw_types`]).
    HwArray {
        /// Number of elements.
        len: u64,
        /// Element type.
        elem: Type,
    },
    /// `!hw.array<#hw.param.decl.ref<"N"> x T>`: an array whose size is a parameter
    /// expression of its module; it has no width until the module is specialized.
    HwParamArray {
        /// The size expression's attribute text (`#hw.param.decl.ref<"N">`).
        len: String,
        /// Element type.
        elem: Type,
    },
    /// `!hw.struct<a: i8, b: i1>` (the first field in the high bits).
    HwStruct(Vec<crate::hw_types::HwField>),
    /// `!hw.union<a: i8, b: i4 offset 2>`.
    HwUnion(Vec<crate::hw_types::HwField>),
    /// `!hw.enum<A, B, C>`: the tags in order (tag `i` is encoded as `i`).
    HwEnum(Vec<String>),
    /// `!hw.typealias<@scope::@name, T>`: a name for `T`.
    HwAlias {
        /// The symbol path (`["scope", "name"]`).
        path: Vec<String>,
        /// The aliased type.
        inner: Type,
    },
    /// HEIR's `!secret.secret<T>`: a `T` the program may not look into outside a
    /// `secret.generic`. The netlist holds it as `T` (see [`Type::bit_width`]).
    Secret(Type),
    /// CIRCT's `!hw.inout<T>`: a reference to an `sv.wire` or `sv.reg` holding a `T`. Not a
    /// value (no bit width): it is read with `sv.read_inout` and driven by `sv.assign`.
    HwInOut(Type),
    /// `vector<4xi32>`, `tensor<...>`, `!hw.uarray<...>`, `!llvm.ptr`, ...: kept verbatim.
    Opaque(String),
}

/// Direction of a module port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortDir {
    /// `in` / `input`
    Input,
    /// `out` / `output`
    Output,
    /// `inout`
    InOut,
}

/// One port of a `!hw.modty`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ModulePort {
    /// Direction.
    pub dir: PortDir,
    /// Name as written (without `%`).
    pub name: String,
    /// Type.
    pub ty: Type,
}

/// An arbitrary-precision integer as written in an attribute, two's complement is not
/// applied: sign and magnitude.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BigInt {
    /// True for a leading `-`.
    pub negative: bool,
    /// Little-endian 64-bit words of the magnitude (no trailing zero words; empty for 0).
    /// Two words are inline: an `i128` needs no allocation.
    pub magnitude: SmallVec<[u64; 2]>,
}

impl BigInt {
    /// From a machine integer.
    pub fn from_i128(v: i128) -> BigInt {
        let negative = v < 0;
        let m = v.unsigned_abs();
        let mut magnitude: SmallVec<[u64; 2]> = SmallVec::from_buf([m as u64, (m >> 64) as u64]);
        while magnitude.last() == Some(&0) {
            magnitude.pop();
        }
        BigInt { negative, magnitude }
    }
    /// The value if it fits in an `i128`.
    pub fn to_i128(&self) -> Option<i128> {
        if self.magnitude.len() > 2 {
            return None;
        }
        let m = self.magnitude.first().copied().unwrap_or(0) as u128
            | (self.magnitude.get(1).copied().unwrap_or(0) as u128) << 64;
        if self.negative {
            if m <= i128::MAX as u128 + 1 {
                Some((m as i128).wrapping_neg())
            } else {
                None
            }
        } else {
            i128::try_from(m).ok()
        }
    }
}

/// An attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// `42 : i12`, `-1`, `6 : ui4` (type `i64` when none is written), `true`/`false` are
    /// [`Attr::Bool`].
    Int(BigInt, Type),
    /// `1.5 : f32`, `0x7FC00000 : f32`: the exact bit pattern in the type's format.
    Float(crate::float_lit::FloatLit),
    /// `true`, `false`
    Bool(bool),
    /// `"text"` (escapes decoded)
    String(String),
    /// A unit attribute: a name with no value (`{twoState}`), or `unit`.
    Unit,
    /// `@sym`, `@a::@b`
    SymbolRef(Vec<String>),
    /// `[a, b]`
    Array(Vec<Attr>),
    /// `{a = 1, b}`
    Dict(Vec<NamedAttr>),
    /// `array<i8: 1, 2>`
    DenseArray(Type, Vec<BigInt>),
    /// A type used as an attribute (`i8`, `(i8) -> i8`).
    Type(Type),
    /// `affine_map<(d0) -> (d0 + 1)>`: the text between the angle brackets.
    AffineMap(String),
    /// `affine_set<...>`: the text between the angle brackets.
    AffineSet(String),
    /// Anything else (`dense<...>`, `#hw.innerNameRef<...>`, dialect attributes), verbatim.
    Opaque(String),
}

/// `name = value` in an attribute or property dictionary.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedAttr {
    /// The key (borrowed for the names custom forms fill in, no allocation).
    pub name: Cow<'static, str>,
    /// The value ([`Attr::Unit`] for a bare key).
    pub value: Attr,
    /// Where the entry was written.
    pub span: Span,
}

/// A source location from `loc(...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// `loc("file":line:col)`
    FileLineCol {
        /// File name.
        file: String,
        /// Line.
        line: u32,
        /// Column.
        col: u32,
    },
    /// `loc(unknown)`
    Unknown,
    /// Anything else (fused, named, call-site, an alias), verbatim.
    Other(String),
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result number `index` of an op (the op is found by walking the tree; see
    /// [`File::values`]).
    OpResult {
        /// Result index.
        index: u32,
    },
    /// Argument number `index` of a block.
    BlockArg {
        /// Argument index.
        index: u32,
    },
}

/// What the reader knows about one value.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueInfo {
    /// The name as written, without `%` (`a`, `0`, `r#1` for the second result of `%r:2`).
    pub name: Arc<str>,
    /// The type.
    pub ty: Type,
    /// Where it was defined.
    pub span: Span,
    /// Result or block argument.
    pub def: ValueDef,
}

/// A use of a value as an operand: which value and where the use was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand {
    /// The value used.
    pub value: ValueId,
    /// The `%name` at the use.
    pub span: Span,
}

/// A block: optional label, arguments, ops.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block {
    /// `bb0` for `^bb0`, `None` for an implicit entry block.
    pub label: Option<Arc<str>>,
    /// The block's arguments.
    pub args: Vec<ValueId>,
    /// The ops in order.
    pub ops: Vec<Operation>,
    /// From the label (or first op) to the last op.
    pub span: Span,
}

/// A region: a list of blocks.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Region {
    /// Blocks; empty for an empty region `{}`.
    pub blocks: Vec<Block>,
    /// The braces.
    pub span: Span,
}

/// An op's name (`comb.add`), interned by the reader: one pointer wide, and it derefs to
/// `str`, so `&*op.name == "comb.add"` and `match &*op.name { ... }` read as for a string.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct OpName(Arc<String>);

impl OpName {
    /// A name (normally interned by the reader, so equal names share one allocation).
    pub fn new(name: &str) -> OpName {
        OpName(Arc::new(name.to_string()))
    }
}

impl std::ops::Deref for OpName {
    type Target = str;
    fn deref(&self) -> &str {
        self.0.as_str()
    }
}

impl AsRef<str> for OpName {
    fn as_ref(&self) -> &str {
        self
    }
}

impl std::fmt::Display for OpName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self)
    }
}

impl std::fmt::Debug for OpName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

/// The parts of an op that most ops do not have, kept out of line so that [`Operation`]
/// stays small (a million-op module is a million of them).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct OpExtra {
    /// Block successors, as labels of the enclosing region.
    pub successors: Box<[Arc<str>]>,
    /// `<{...}>` properties (generic form) — custom forms put inherent attributes here too.
    /// One inline: most ops that have properties have one (`predicate`, `lowBit`, `value`).
    pub properties: SmallVec<[NamedAttr; 1]>,
    /// `{...}` discardable attributes (and inherent ones written in an attribute dict).
    pub attributes: Box<[NamedAttr]>,
    /// Regions.
    pub regions: Box<[Region]>,
    /// `loc(...)` if written.
    pub loc: Option<Box<Location>>,
}

impl OpExtra {
    /// True if nothing is set (then the op stores no [`OpExtra`] at all).
    pub fn is_empty(&self) -> bool {
        self.successors.is_empty()
            && self.properties.is_empty()
            && self.attributes.is_empty()
            && self.regions.is_empty()
            && self.loc.is_none()
    }
}

/// One operation, in generic shape.
///
/// The type of operand `i` is the type of its value, `file.ty(op.operands[i].value)`: the
/// reader checks that every use (the generic form's function type, a custom form's
/// implied types) agrees with the definition, so it is not stored twice. Successors,
/// properties, attributes, regions and the location are read through methods
/// ([`Operation::properties`], [`Operation::regions`], ...).
#[derive(Clone, Debug, PartialEq)]
pub struct Operation {
    /// Full name, `comb.add`, `hw.module`, `builtin.module`, `func.func`. Custom forms
    /// without a dialect prefix are normalized: `func` -> `func.func`, `module` ->
    /// `builtin.module`, `return` -> `func.return`; seed standard ops keep their bare name
    /// (`constant`, `addi`, `load`, ...).
    pub name: OpName,
    /// The results, in order.
    pub results: SmallVec<[ValueId; 4]>,
    /// The operands, in order.
    pub operands: SmallVec<[Operand; 2]>,
    /// The whole op, from its first result name (or its name) to its end.
    pub span: Span,
    /// The op name as written.
    pub name_span: Span,
    /// True if it was written in generic form.
    pub generic: bool,
    /// Everything else; `None` when all of it is empty.
    pub extra: Option<Box<OpExtra>>,
}

impl Operation {
    /// Looks up an inherent attribute: properties first, then the attribute dictionary.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.named_attr(name).map(|a| &a.value)
    }
    /// Like [`Operation::attr`], with the entry's span.
    pub fn named_attr(&self, name: &str) -> Option<&NamedAttr> {
        self.properties().iter().chain(self.attributes()).find(|a| a.name == name)
    }
    /// The dialect prefix (`comb` of `comb.add`), or `""`.
    pub fn dialect(&self) -> &str {
        self.name.split_once('.').map(|(d, _)| d).unwrap_or("")
    }
    /// Block successors, as labels of the enclosing region.
    pub fn successors(&self) -> &[Arc<str>] {
        self.extra.as_deref().map_or(&[], |e| &e.successors)
    }
    /// `<{...}>` properties (generic form) — custom forms put inherent attributes here too.
    pub fn properties(&self) -> &[NamedAttr] {
        self.extra.as_deref().map_or(&[], |e| &e.properties)
    }
    /// `{...}` discardable attributes (and inherent ones written in an attribute dict).
    pub fn attributes(&self) -> &[NamedAttr] {
        self.extra.as_deref().map_or(&[], |e| &e.attributes)
    }
    /// The regions.
    pub fn regions(&self) -> &[Region] {
        self.extra.as_deref().map_or(&[], |e| &e.regions)
    }
    /// `loc(...)` if written.
    pub fn loc(&self) -> Option<&Location> {
        self.extra.as_deref().and_then(|e| e.loc.as_deref())
    }
}

/// A whole input file after reading.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct File {
    /// Top-level ops. A `module { ... }` wrapper is kept as a `builtin.module` op.
    pub ops: Vec<Operation>,
    /// Every value, indexed by [`ValueId`].
    pub values: Vec<ValueInfo>,
}

impl File {
    /// Information about one value.
    pub fn value(&self, id: ValueId) -> &ValueInfo {
        &self.values[id.index()]
    }
    /// The type of one value.
    pub fn ty(&self, id: ValueId) -> &Type {
        &self.values[id.index()].ty
    }
}
