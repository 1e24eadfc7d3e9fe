from codemods.entry import main

main()
