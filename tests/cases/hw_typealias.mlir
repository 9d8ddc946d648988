// Type declarations (with a Verilog name after a comma) and aliases: an alias of an
// integer is an integer to the comb ops; aliases nest inside aggregates.
hw.type_scope @types {
  hw.typedecl @byte, "my_byte_t" : i8
  hw.typedecl @rec : !hw.struct<k: !hw.typealias<@types::@byte, i8>, ok: i1>
}
hw.module @aliases(in %a: !hw.typealias<@types::@byte, i8>, in %b: !hw.typealias<@types::@byte, i8>,
                   out s: !hw.typealias<@types::@byte, i8>,
                   out r: !hw.typealias<@types::@rec, !hw.struct<k: !hw.typealias<@types::@byte, i8>, ok: i1>>) {
  %s = comb.add %a, %b : !hw.typealias<@types::@byte, i8>
  %eq = comb.icmp eq %a, %b : !hw.typealias<@types::@byte, i8>
  %r = hw.struct_create (%s, %eq) : !hw.typealias<@types::@rec, !hw.struct<k: !hw.typealias<@types::@byte, i8>, ok: i1>>
  hw.output %s, %r : !hw.typealias<@types::@byte, i8>, !hw.typealias<@types::@rec, !hw.struct<k: !hw.typealias<@types::@byte, i8>, ok: i1>>
}
