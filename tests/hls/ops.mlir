"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32, i8, i64, i64) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i8, i64, i32, i64), sym_name = "ops"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i8, %arg3: i64, %arg4: i64):
    %0 = "arith.constant"() <{value = 31 : i32}> : () -> i32
    %1 = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
    %2 = "arith.divui"(%arg0, %arg1) : (i32, i32) -> i32
    %3 = "arith.remsi"(%arg0, %arg1) : (i32, i32) -> i32
    %4 = "arith.remui"(%arg0, %arg1) : (i32, i32) -> i32
    %5 = "arith.ceildivsi"(%arg0, %arg1) : (i32, i32) -> i32
    %6 = "arith.floordivsi"(%arg0, %arg1) : (i32, i32) -> i32
    %7 = "arith.andi"(%arg1, %0) : (i32, i32) -> i32
    %8 = "arith.shli"(%arg0, %7) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %9 = "arith.shrsi"(%arg0, %7) : (i32, i32) -> i32
    %10 = "arith.shrui"(%arg0, %7) : (i32, i32) -> i32
    %11 = "arith.maxsi"(%arg0, %arg1) : (i32, i32) -> i32
    %12 = "arith.minsi"(%arg0, %arg1) : (i32, i32) -> i32
    %13 = "arith.maxui"(%arg0, %arg1) : (i32, i32) -> i32
    %14 = "arith.minui"(%arg0, %arg1) : (i32, i32) -> i32
    %15 = "arith.extsi"(%arg2) : (i8) -> i32
    %16 = "arith.extui"(%arg2) : (i8) -> i32
    %17 = "arith.xori"(%15, %16) : (i32, i32) -> i32
    %18 = "arith.ori"(%17, %arg0) : (i32, i32) -> i32
    %19 = "arith.subi"(%18, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %20 = "arith.trunci"(%arg3) : (i64) -> i8
    %21 = "arith.muli"(%arg3, %arg4) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    %22 = "arith.cmpi"(%arg0, %arg1) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %23 = "arith.cmpi"(%arg0, %arg1) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %24 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %25 = "arith.cmpi"(%arg0, %arg1) <{predicate = 3 : i64}> : (i32, i32) -> i1
    %26 = "arith.cmpi"(%arg0, %arg1) <{predicate = 4 : i64}> : (i32, i32) -> i1
    %27 = "arith.cmpi"(%arg0, %arg1) <{predicate = 5 : i64}> : (i32, i32) -> i1
    %28 = "arith.cmpi"(%arg0, %arg1) <{predicate = 6 : i64}> : (i32, i32) -> i1
    %29 = "arith.cmpi"(%arg0, %arg1) <{predicate = 7 : i64}> : (i32, i32) -> i1
    %30 = "arith.cmpi"(%arg0, %arg1) <{predicate = 8 : i64}> : (i32, i32) -> i1
    %31 = "arith.cmpi"(%arg0, %arg1) <{predicate = 9 : i64}> : (i32, i32) -> i1
    %32 = "arith.extui"(%22) : (i1) -> i32
    %33 = "arith.extui"(%23) : (i1) -> i32
    %34 = "arith.extui"(%24) : (i1) -> i32
    %35 = "arith.extui"(%25) : (i1) -> i32
    %36 = "arith.extui"(%26) : (i1) -> i32
    %37 = "arith.extui"(%27) : (i1) -> i32
    %38 = "arith.extui"(%28) : (i1) -> i32
    %39 = "arith.extui"(%29) : (i1) -> i32
    %40 = "arith.extui"(%30) : (i1) -> i32
    %41 = "arith.extui"(%31) : (i1) -> i32
    %42 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %43 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %44 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %45 = "arith.constant"() <{value = 4 : i32}> : () -> i32
    %46 = "arith.constant"() <{value = 5 : i32}> : () -> i32
    %47 = "arith.constant"() <{value = 6 : i32}> : () -> i32
    %48 = "arith.constant"() <{value = 7 : i32}> : () -> i32
    %49 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %50 = "arith.constant"() <{value = 9 : i32}> : () -> i32
    %51 = "arith.shli"(%33, %42) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %52 = "arith.shli"(%34, %43) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %53 = "arith.shli"(%35, %44) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %54 = "arith.shli"(%36, %45) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %55 = "arith.shli"(%37, %46) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %56 = "arith.shli"(%38, %47) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %57 = "arith.shli"(%39, %48) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %58 = "arith.shli"(%40, %49) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %59 = "arith.shli"(%41, %50) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %60 = "arith.ori"(%32, %51) : (i32, i32) -> i32
    %61 = "arith.ori"(%60, %52) : (i32, i32) -> i32
    %62 = "arith.ori"(%61, %53) : (i32, i32) -> i32
    %63 = "arith.ori"(%62, %54) : (i32, i32) -> i32
    %64 = "arith.ori"(%63, %55) : (i32, i32) -> i32
    %65 = "arith.ori"(%64, %56) : (i32, i32) -> i32
    %66 = "arith.ori"(%65, %57) : (i32, i32) -> i32
    %67 = "arith.ori"(%66, %58) : (i32, i32) -> i32
    %68 = "arith.ori"(%67, %59) : (i32, i32) -> i32
    %69 = "arith.index_cast"(%arg0) : (i32) -> index
    %70 = "arith.constant"() <{value = 5 : index}> : () -> index
    %71 = "arith.addi"(%69, %70) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %72 = "arith.select"(%24, %71, %69) : (i1, index, index) -> index
    %73 = "arith.index_cast"(%72) : (index) -> i64
    "func.return"(%1, %2, %3, %4, %5, %6, %8, %9, %10, %11, %12, %13, %14, %19, %20, %21, %68, %73) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i8, i64, i32, i64) -> ()
  }) : () -> ()
}) : () -> ()

