import SegueEngine

/// One problem in a config file, or in a shader it names.
public typealias ConfigDiagnostic = Diagnostic
