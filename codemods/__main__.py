from codemods.cli import main

main()
