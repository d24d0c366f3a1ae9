/// Every string key, so a mistyped key is a compile error, not a raw key on the page.
/// `L10nTests` checks that each has a string in every language and that templates use only these.
public enum L10nKey: String, CaseIterable, Sendable {
    case appName
    case momentsScreen
    case timelineTitle
    case like
    case unlike
    case likedBy
    case likesNotLoaded
    case likesSavedNotice
    case openLink
    case loading
    case emptyTitle
    case emptyMessage
    case errorTitle
    case errorMessage
    case retry
    case staleNotice
    case savedJustNow
    case bffErrorUnreachable = "bffError.unreachable"
    case connectionUnknownHost = "connection.unknownHost"
    case connectionRefused = "connection.refused"
    case connectionReset = "connection.reset"
    case connectionTLSNotOffered = "connection.tlsNotOffered"
    case connectionTLSFailed = "connection.tlsFailed"
    case connectionTimeout = "connection.timeout"
    case bffRemedyUnknownHost = "bffRemedy.unknownHost"
    case bffRemedyRefused = "bffRemedy.refused"
    case bffRemedyTLS = "bffRemedy.tls"
    case bffRemedyTimeout = "bffRemedy.timeout"
    case bffRemedyOther = "bffRemedy.other"
    case bffErrorTimeout = "bffError.timeout"
    case bffErrorCredentialsRefused = "bffError.credentialsRefused"
    case bffErrorHTTPStatus = "bffError.httpStatus"
    case bffErrorNotJSON = "bffError.notJSON"
    case bffErrorNotGraphQL = "bffError.notGraphQL"
    case bffErrorGraphQL = "bffError.graphQL"
    case bffErrorMissingData = "bffError.missingData"
    case refresh
    case olderMoments
    case newestMoments
    case language
    case switchLanguage
    case browserLanguage
    case area51
    case likeUnavailable
    case likeFeatureOff
    case unknownMoment
    case notFoundTitle
    case notFoundMessage
    case errorPageTitle
    case formExpired
    case methodNotAllowed
    case invalidForm
    case internalError
    case backToTimeline
    case momentScreen
    case momentTitle
    case showMoment
    case photoOfPhotos
    case sectionGeneralInfo = "section.generalInfo"
    case sectionDesignKit = "section.designKit"
    case sectionFeatureToggles = "section.featureToggles"
    case sectionTools = "section.tools"
    case sectionActivity = "section.activity"
    case infoVersion = "info.version"
    case infoBuildTarget = "info.buildTarget"
    case infoBff = "info.bff"
    case infoBffUp = "info.bffUp"
    case infoBffDown = "info.bffDown"
    case infoBffLatency = "info.bffLatency"
    case infoBffHeaders = "info.bffHeaders"
    case infoBffHeadersNone = "info.bffHeadersNone"
    case infoBffLastError = "info.bffLastError"
    case infoBffLastErrorNone = "info.bffLastErrorNone"
    case infoBffPaging = "info.bffPaging"
    case infoBffIntrospection = "info.bffIntrospection"
    case infoDataDir = "info.dataDir"
    case infoLastCrash = "info.lastCrash"
    case designKitDemo
    case designKitDemoDetail = "designKitDemo.detail"
    case toggleIsLikeButtonForMomentEnabled = "toggle.isLikeButtonForMomentEnabled"
    case toggleIsNewTimelineLayoutEnabled = "toggle.isNewTimelineLayoutEnabled"
    case toggleIsRoundedAvatar = "toggle.isRoundedAvatar"
    case toggleLikeButtonStyle = "toggle.likeButtonStyle"
    case toggleChanged
    case toggleNeverChanged
    case remoteFetched
    case remoteDefaults
    case sourcePage = "source.page"
    case sourceApi = "source.api"
    case sourceReset = "source.reset"
    case sourceApp = "source.app"
    case sourceExpired = "source.expired"
    case sourceSession = "source.session"
    case `default`
    case readOnly
    case on
    case off
    case actionCrashApp = "action.crash-app"
    case actionCrashAppDetail = "action.crash-app.detail"
    case actionCrashAppDone = "action.crash-app.done"
    case actionClearCache = "action.clear-cache"
    case actionClearCacheDetail = "action.clear-cache.detail"
    case actionClearCacheDone = "action.clear-cache.done"
    case actionResetToggles = "action.reset-toggles"
    case actionResetTogglesDetail = "action.reset-toggles.detail"
    case actionResetTogglesDone = "action.reset-toggles.done"
    case activityTracking = "activity.tracking"
    case activityGraphQL = "activity.graphQL"
    case activityToggle = "activity.toggle"
    case activityNone = "activity.none"
    case area51Subtitle
    case designkitTypography
    case designkitPalette
    case designkitSpacing
    case designkitAvatars
    case designkitFavoriteButtons
    case designkitLight
    case designkitDark
    case designkitTapToToggle
    case designkitPending
    case designkitSample
    case designkitContrast
    case designkitContrastHint
    case designkitText
    case designkitBackground
    case announceLiking
    case announceUnliking
    case announceLiked
    case announceUnliked
    case announceNewMoments
    case announceUpdated
    case networkTime
    case networkPane
    case networkPaneHint
    case networkOpen
    case networkTableCaption
    case sectionFeatureTogglesFooter
    case sectionToolsFooter
    case infoDesignKit
    case designkitRequestedVersion
    case actionConfirmTitle
    case actionConfirmCancel
    case actionConfirmationRequired
    case sectionNetwork = "section.network"
    case networkInspector
    case networkInspectorDetail = "networkInspector.detail"
    case networkAll
    case networkOperation
    case networkOutcome
    case networkSearch
    case networkFilter
    case networkEmpty
    case networkKept
    case networkShown
    case networkOlder
    case networkNewest
    case networkPages
    case contract
    case contractDetail
    case contractSchemaHash
    case contractCheckedAt
    case contractCheckNow
    case contractReadFailed
    case contractNotRead
    case contractDocuments
    case contractValid
    case contractInvalid
    case contractHistory
    case contractFirstVersion
    case contractNoChanges
    case contractSkew
    case contractSkewSeen
    case contractUsed
    case contractNeverUsed
    case contractNotUsed
    case contractBreaking
    case contractDangerous
    case contractSafe
    case contractBanner
    case networkStatus
    case networkDuration
    case networkStarted
    case networkCause
    case networkRequestID
    case networkTraceID
    case networkURL
    case networkRequest
    case networkResponse
    case networkHeaders
    case networkVariables
    case networkDocument
    case networkErrors
    case networkFailure
    case networkSize
    case networkTruncated
    case networkCurl
    case networkCurlMasked
    case networkRevealCurl
    case networkHideCurl
    case networkHar
    case networkHarAll
    case networkReplay
    case networkComparison
    case networkOriginal
    case networkReplayAnswer
    case networkDifferences
    case networkNoDifferences
    case networkBack
    case networkFault
    case outcomeOk = "outcome.ok"
    case outcomePartial = "outcome.partial"
    case outcomeGraphQLError = "outcome.graphQLError"
    case outcomeHttpError = "outcome.httpError"
    case outcomeTransportError = "outcome.transportError"
    case outcomeInvalidAnswer = "outcome.invalidAnswer"
    case outcomeInjectedFault = "outcome.injectedFault"
    case faultsTitle
    case faultsHint
    case faultKind
    case faultDelayMs
    case faultStatus
    case faultMessage
    case faultCode
    case faultRemainingCalls
    case faultSet
    case faultClear
    case faultClearAll
    case faultBanner
    case faultNone
    case faultActive
    case faultCleared
    case activityFault = "activity.fault"
    case faultDelay = "fault.delay"
    case faultTimeout = "fault.timeout"
    case faultHttpStatus = "fault.httpStatus"
    case faultGraphQLError = "fault.graphQLError"
    case faultEmptyMoments = "fault.emptyMoments"
    case faultMalformedJSON = "fault.malformedJSON"
    case faultSummaryDelay = "fault.summary.delay"
    case faultSummaryTimeout = "fault.summary.timeout"
    case faultSummaryGraphQLError = "fault.summary.graphQLError"
    case faultSummaryEmptyMoments = "fault.summary.emptyMoments"
    case faultSummaryMalformedJSON = "fault.summary.malformedJSON"
    case mocksTitle
    case mocksHint
    case mockBody
    case mockVariables
    case mockFailure
    case mockFailureNone
    case mockFailureRefused
    case mockFailureReset
    case mockSkipCalls
    case mockSet
    case mockClear
    case mockNone
    case mockBanner
    case breakpointsTitle
    case breakpointsHint
    case breakpointStage
    case breakpointStageRequest
    case breakpointStageResponse
    case breakpointStageBoth
    case breakpointTimeout
    case breakpointSet
    case breakpointClear
    case breakpointNone
    case breakpointBanner
    case heldTitle
    case heldNone
    case heldRequest
    case heldResponse
    case heldExpires
    case heldCountdown
    case heldVariables
    case heldHeaders
    case heldStatus
    case heldBody
    case heldContinue
    case heldContinueEdited
    case heldAbortStatus
    case heldAbortGraphQL
    case heldMock
    case networkHeld
    case networkMocked
    case networkMockThis
    case networkMockThisHint
    case sessionsTitle
    case sessionsHint
    case sessionNote
    case sessionExportJSON
    case sessionExportHTML
    case sessionFile
    case sessionWillChange
    case sessionApply
    case sessionApplied
    case sessionNoChange
    case sessionReplayTitle
    case sessionReplayHint
    case sessionReplayFile
    case sessionReplayIgnore
    case sessionReplayWithMutations
    case sessionReplayRun
    case sessionReplayReport
    case sessionReplaySummary
    case sessionReplaySame
    case sessionReplayDifferent
    case sessionReplaySkipped
    case sessionReplaySkippedMutation
    case sessionReplaySkippedCutBody
    case sessionReplaySkippedNoAnswer
    case sessionReplaySkippedMocked
    case sessionReplayOperation
    case sessionReplayOutcome
    case sessionReplayIgnored
    case sessionReplayBack
    case sessionReport
    case sessionExportedAt
    case sessionBuild
    case sessionBFF
    case sessionToggles
    case sessionFaultsAndMocks
    case sessionExchanges
    case sessionTracking
    case sessionAudit
    case sessionActingUser
    case sessionLanguage
    case faultSummaryMore = "fault.summary.more"
    case faultSummaryLastCall = "fault.summary.lastCall"
    case overrideRemoteChanged
    case overrideBanner
    case overrideTitle
    case overrideFollowRemote
    case overrideSetBy
    case overrideNone
    case remoteValue
    case effectiveValue
    case sourceRemote = "source.remote"
    case actionClearOverrides = "action.clear-overrides"
    case actionClearOverridesDetail = "action.clear-overrides.detail"
    case actionClearOverridesDone = "action.clear-overrides.done"
    case actionFetchRemoteConfig = "action.fetch-remote-config"
    case actionFetchRemoteConfigDetail = "action.fetch-remote-config.detail"
    case actionFetchRemoteConfigDone = "action.fetch-remote-config.done"
    case sectionActingUser = "section.actingUser"
    case actingUser
    case actingUserDetail
    case switchUser
    case actingAs
    case unknownUser
    case expectedWholeNumberFromOne = "expected.wholeNumberFromOne"
    case expectedDelayMilliseconds = "expected.delayMilliseconds"
    case expectedErrorStatus = "expected.errorStatus"
    case expectedGraphQLAnswer = "expected.graphQLAnswer"
    case expectedGraphQLAnswerJSON = "expected.graphQLAnswerJSON"
    case expectedVariablesObject = "expected.variablesObject"
    case expectedInsteadOfBody = "expected.insteadOfBody"
    case expectedOneEntryPerName = "expected.oneEntryPerName"
    case expectedUserID = "expected.userID"
    case expectedTrueOrFalse = "expected.trueOrFalse"
    case expectedTrueFalseOrNull = "expected.trueFalseOrNull"
    case faultErrorUnknownOperation = "faultError.unknownOperation"
    case faultErrorInvalidField = "faultError.invalidField"
    case faultErrorKindNotApplicable = "faultError.kindNotApplicable"
    case faultErrorStorage = "faultError.storage"
    case mockErrorUnknownOperation = "mockError.unknownOperation"
    case mockErrorInvalidField = "mockError.invalidField"
    case mockErrorStorage = "mockError.storage"
    case expectedHoldSeconds = "expected.holdSeconds"
    case expectedVariablesToSend = "expected.variablesToSend"
    case expectedHeadersObject = "expected.headersObject"
    case expectedJSON = "expected.json"
    case expectedHTTPStatus = "expected.httpStatus"
    case expectedErrorCode = "expected.errorCode"
    case expectedStatusOrGraphQLError = "expected.statusOrGraphQLError"
    case expectedAnswerOnly = "expected.answerOnly"
    case expectedRequestOnly = "expected.requestOnly"
    case breakpointErrorUnknownOperation = "breakpointError.unknownOperation"
    case breakpointErrorUnknownHeld = "breakpointError.unknownHeld"
    case breakpointErrorInvalidField = "breakpointError.invalidField"
    case breakpointErrorNoMock = "breakpointError.noMock"
    case breakpointErrorStorage = "breakpointError.storage"
    case sessionErrorUnsupportedVersion = "sessionError.unsupportedVersion"
    case sessionErrorUnknownToggles = "sessionError.unknownToggles"
    case sessionErrorInvalidValue = "sessionError.invalidValue"
    case sessionErrorInvalidEntry = "sessionError.invalidEntry"
    case sessionErrorNotJSON = "sessionError.notJSON"
    case sessionErrorNotASession = "sessionError.notASession"
    case networkInspectorErrorUnknownOutcome = "networkInspectorError.unknownOutcome"
    case networkInspectorErrorUnknownExchange = "networkInspectorError.unknownExchange"
    case networkInspectorErrorInvalidAfter = "networkInspectorError.invalidAfter"
    case networkInspectorErrorNotReplayable = "networkInspectorError.notReplayable"
    case mediaErrorInvalidURL = "mediaError.invalidURL"
    case mediaErrorUnknownURL = "mediaError.unknownURL"
    case mediaErrorInternalAddress = "mediaError.internalAddress"
    case mediaErrorUnreachable = "mediaError.unreachable"
    case mediaErrorTimeout = "mediaError.timeout"
    case mediaErrorBadStatus = "mediaError.badStatus"
    case mediaErrorNotAnImage = "mediaError.notAnImage"
    case mediaErrorNoContentType = "mediaError.noContentType"
    case mediaErrorTooLarge = "mediaError.tooLarge"
    case toggleErrorUnknownToggle = "toggleError.unknownToggle"
    case toggleErrorBuildTarget = "toggleError.buildTarget"
    case toggleErrorInternal = "toggleError.internal"
    case toggleErrorDecidedByBFF = "toggleError.decidedByBFF"
    case toggleErrorInvalidValue = "toggleError.invalidValue"
    case toggleErrorStorage = "toggleError.storage"
    case unknownAction
}

extension L10nKey {
    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The key a name made at run time names (`action.{id}`, `toggle.{name}`), found in a table:
    /// Area 51 asks for dozens a drawing, and `init(rawValue:)` compares the name with every key.
    public static func named(_ name: String) -> L10nKey? {
        byName[name]
    }
}
