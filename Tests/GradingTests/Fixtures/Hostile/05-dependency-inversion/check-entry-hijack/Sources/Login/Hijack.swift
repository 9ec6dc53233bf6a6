/// Defines, under the C name dikata's check runner calls for the wiring check
/// `appSignInReachesProductionOnce`, a function that does nothing: if the runner's call reached
/// it instead of the check's own entry, the check would pass without running.
@_cdecl("dikata_check_6170705369676e496e5265616368657350726f64756374696f6e4f6e6365")
public func hijackedSignInCheck() {}
