#if FUZZING
    import FoundationEssentials
    import Glibc
    import UVFuzzTargets

    /// libFuzzer's entry point for a program that has a `main` of its own (LLVMFuzzerRunDriver,
    /// compiler-rt's FuzzerDriver.cpp).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    enum FuzzDriver {
        /// The target libFuzzer's callback runs; set once, before the driver starts.
        nonisolated(unsafe) static var target = FuzzTarget.config

        static func run(_ target: FuzzTarget, arguments: [String]) -> Never {
            Self.target = target
            var argc = CInt(arguments.count)
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = UnsafeMutablePointer.allocate(capacity: arguments.count + 1)
            for (index, argument) in arguments.enumerated() { argv?[index] = strdup(argument) }
            argv?[arguments.count] = nil
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
                    FuzzDriver.target.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
                    return 0
                })
        }
    }
#endif
