// HEIR style: a full adder and a 3-input majority as truth tables in a func.func.
// Operand 0 is the index's most significant bit; bit i of the table is the output for index i.
func.func @full_adder(%a: i1, %b: i1, %cin: i1) -> (i1, i1) {
  %sum = comb.truth_table %a, %b, %cin -> 150 : ui8
  %carry = comb.truth_table %a, %b, %cin -> [false, false, false, true, false, true, true, true]
  return %sum, %carry : i1, i1
}
