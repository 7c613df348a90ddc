from vaultkit.cli import main

main()
