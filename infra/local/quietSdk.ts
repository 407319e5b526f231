/**
 * Keeps the twin's log tidy: cognito-local still loads AWS SDK v2 (which prints an
 * end-of-support notice) and SDK v3 warns that Node 20 support ends in 2027. Neither is news
 * to the person reading the log. Imported before anything that loads the SDKs.
 */
process.env['AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE'] ??= '1';
process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';
