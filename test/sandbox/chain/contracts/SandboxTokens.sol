// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An ERC-20 the sandbox puts at a real token's address with hardhat_setCode and
/// then initialize()s, so name, symbol and decimals live in storage (a copied
/// constructor would not have run at that address). Only the minter (the
/// sandbox's funder) can create supply; everything else is plain ERC-20.
contract SandboxToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    address public minter;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function initialize(string calldata name_, string calldata symbol_, uint8 decimals_, address minter_) external {
        require(minter == address(0), "initialized");
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        minter = minter_;
    }

    function mint(address to, uint256 amount) external payable virtual {
        require(msg.sender == minter, "not minter");
        _mint(to, amount);
    }

    /// The minter takes tokens back, so a test can set a balance lower than it was.
    function burn(address from, uint256 amount) external {
        require(msg.sender == minter, "not minter");
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // An unlimited approval stays unlimited, like WETH9 and most live tokens.
        if (from != msg.sender && allowed != type(uint256).max) {
            require(allowed >= amount, "allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _mint(address to, uint256 amount) internal {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(balanceOf[from] >= amount, "balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// The chain's wrapped native token, WETH9's interface: deposit/withdraw and
/// plain ETH sent to it wraps. Minting must bring the native value along, so
/// the contract always holds what it owes.
contract SandboxWrappedNative is SandboxToken {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        totalSupply += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        require(balanceOf[msg.sender] >= wad, "balance");
        balanceOf[msg.sender] -= wad;
        totalSupply -= wad;
        payable(msg.sender).transfer(wad);
        emit Withdrawal(msg.sender, wad);
    }

    function mint(address to, uint256 amount) external payable override {
        require(msg.sender == minter, "not minter");
        require(msg.value == amount, "wrap the native value");
        _mint(to, amount);
    }
}
