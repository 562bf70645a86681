# The slowest tests and their seconds, as name|release|asan, included by CMakeLists.txt: ctest
# starts the costliest first (their COST), so a fresh clone, with no timing history of its own,
# never starts a long test last and waits on it alone. Seconds from CI's ctest logs (2 jobs) on
# the 2-core machine; in the asan column the tests test_scale.h scales down are projected from
# their measured share (README, "Test time").
# Only the order matters: refresh the figures when a test's time moves by several times. A
# renamed test drops out unnoticed (ctest ignores a cost for no test), so keep the names current.
set(WARBAND_TEST_COSTS
    [=[AGameConformance.RandomGamesOnTheOpenField|113|67]=]
    [=[AGameConformance.RandomGamesInTheRuinedShrine|103|60]=]
    [=[Maps/AtomsPastConformance.RandomGamesKeepTheContract/"ashen_valley"|63|36]=]
    [=[Maps/AtomsPastConformance.RandomGamesKeepTheContract/"ruined_keep"|57|37]=]
    [=[Maps/AtomsPastConformance.RandomGamesKeepTheContract/"broken_hills"|55|32]=]
    [=[Maps/AtomsPastConformance.RandomGamesKeepTheContract/"training_ground"|53|36]=]
    [=[ConflictConformance.RandomGamesInTheRuinedTown|49|28]=]
    [=[ConflictConformance.RandomGamesOnOpenGround|41|23]=]
    [=[SpellweaversConformance.RandomGamesKeepTheContract|40|28]=]
    [=[BalanceAtomsPast.WithoutThePlantTheUnitIsNotSingledOut|28|0]=]
    [=[ConflictConformance.RandomGamesAtTheRiverCrossing|26|15]=]
    [=[SpellweaversConformance.TwoWizardsASideWithInitiative|26|19]=]
    [=[BalanceAtomsPast.FindsAPlantedImbalance|26|0]=]
    [=[Ladder.GreedyBeatsRandomWithSidesSwapped|17|0]=]
    [=[AtomsPastTableView.BotGamesGiveSoundViewsForEveryViewer|16|34]=]
    [=[BalanceAtomsPast.AMirrorMatchComesOutEven|11|0]=]
    [=[MpiBalance.TwoRanksEqualOneProcess|8|54]=]
    [=[Bots.SameSeedSameGame|7|18]=]
    [=[AtomsPastTableView.ReachAndTargetsAreWhatTheLegalActionsAllow|6|4]=]
    [=[Bots.OnlyLegalActionsOverWholeGames|4|12]=]
    [=[GridMove.MatchesASlowReferenceInEveryGeometry|3|3]=]
    [=[AtomsPastActionView.EveryLegalActionAndOutcomeIsDescribed|3|8]=]
    [=[AGameGameOutcome.BotGamesRecordedGiveTheExperienceTheRulesSay|2|4]=]
    [=[GameRoutes.UndoTakesBackUntilADieWasRolled|1|10]=]
    [=[RepriceJobs.PriceJitterAndPriceToleranceReachTheSearch|2|10]=])
