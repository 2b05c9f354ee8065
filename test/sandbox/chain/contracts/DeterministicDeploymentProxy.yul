// The deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy,
// source/deterministic-deployment-proxy.yul): calldata is a 32-byte salt followed by init
// code; it CREATE2s the init code with that salt and returns the 20-byte address.
object "Proxy" {
	code {
		let size := datasize("runtime")
		datacopy(0, dataoffset("runtime"), size)
		return(0, size)
	}
	object "runtime" {
		code {
			calldatacopy(0, 32, sub(calldatasize(), 32))
			let result := create2(callvalue(), 0, sub(calldatasize(), 32), calldataload(0))
			if iszero(result) { revert(0, 0) }
			mstore(0, result)
			return(12, 20)
		}
	}
}
