/**
 * English messages: the source of every message key. Turkish (tr.ts) must have the same shape;
 * the type check enforces it.
 */
import { postsEn } from './posts.en';
import { schedulingEn } from './scheduling.en';
import { wizardEn } from './wizard.en';
import { postOptionsEn } from './postOptions.en';
import { analyticsEn } from './analytics.en';
import { contentEn } from './content.en';
import { modulesEn } from './modules.en';
import { settingsEn } from './settings.en';
import { mediaEn } from './media.en';
import { uiEn } from './ui.en';
import { composerEn } from './composer.en';
import { approvalsEn } from './approvals.en';
import { reviewEn } from './review.en';
import { activityEn } from './activity.en';
import { csvEn } from './csv.en';
import { bulkEn, feedsEn } from './feeds.en';
import { queueEn } from './queue.en';
import { apiKeysEn } from './apiKeys.en';
import { apiReferenceEn } from './apiReference.en';
import { webhooksEn } from './webhooks.en';
import { mcpEn } from './mcp.en';

export const en = {
  wizard: wizardEn,
  postOptions: postOptionsEn,
  posts: postsEn,
  scheduling: schedulingEn,
  analytics: analyticsEn,
  content: contentEn,
  modules: modulesEn,
  settings: settingsEn,
  media: mediaEn,
  ui: uiEn,
  composer: composerEn,
  approvals: approvalsEn,
  review: reviewEn,
  activity: activityEn,
  csv: csvEn,
  feeds: feedsEn,
  bulk: bulkEn,
  queue: queueEn,
  apiKeys: apiKeysEn,
  apiReference: apiReferenceEn,
  webhooks: webhooksEn,
  mcp: mcpEn,
  common: {
    appName: 'OneClick',
    loading: 'Loading…',
    backToHome: 'Back to Home',
    darkMode: 'Dark mode',
    lightMode: 'Light mode',
    language: 'Language',
    languages: { en: 'English', tr: 'Türkçe' },
    genericError: 'Something went wrong. Please try again.',
  },
  landing: {
    signIn: 'Sign in',
    heroTitle: 'Simplify Your Social Media Management',
    heroSubtitle:
      'Upload a video or image once, write one description, and publish it to {{networks}} — now or at the time you choose.',
    getStarted: 'Get Started',
    learnMore: 'Learn More',
    featuresTitle: 'Everything you need to publish everywhere',
    features: {
      scheduling: {
        title: 'Scheduling across platforms',
        body: 'Plan posts for every network from one calendar and let them go out on time.',
      },
      accounts: {
        title: 'All your accounts in one dashboard',
        body: 'Connect {{networks}} and manage them side by side.',
      },
      analytics: {
        title: 'Performance and engagement tracking',
        body: 'See how each post performs on each platform, in one place.',
      },
      oneClick: {
        title: 'One-click publishing',
        body: 'One upload, one description, every platform — each post formatted for where it goes.',
      },
      bestTimes: {
        title: 'Optimized posting schedules',
        body: 'Post when your audience is listening, based on your own results.',
      },
      security: {
        title: 'A secure platform',
        body: 'Your platform tokens are encrypted and never shown to anyone, including you.',
      },
    },
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    copyright: '© {{year}} OneClick. All rights reserved.',
  },
  auth: {
    email: 'Email',
    password: 'Password',
    signInTitle: 'Sign in to OneClick',
    signIn: 'Sign in',
    signingIn: 'Signing in...',
    invalidCredentials: 'Invalid email or password',
    unavailable: 'Authentication service is not available at the moment',
    failedInit: 'Failed to initialize auth',
    failedSignIn: 'Failed to sign in',
    failedSignOut: 'Failed to sign out',
    emailRequired: 'Enter your email address.',
    emailInvalid: 'Enter a valid email address.',
    passwordRequired: 'Enter your password.',
    noAccount: 'New to OneClick?',
    createAccount: 'Create an account',
    forgotPassword: 'Forgot your password?',
    haveAccount: 'Already have an account?',
    signUpTitle: 'Create your account',
    signUp: 'Create account',
    signingUp: 'Creating account...',
    confirmPassword: 'Confirm password',
    passwordsDontMatch: 'The two passwords do not match.',
    passwordRulesTitle: 'Your password needs:',
    passwordRules: {
      minLength: 'at least {{count}} characters',
      lowercase: 'a lowercase letter',
      uppercase: 'an uppercase letter',
      digit: 'a number',
      symbol: 'a symbol (for example ! or -)',
    },
    ageConfirmation: 'By creating an account you confirm you are 13 or older and accept the Terms of Service.',
    confirmTitle: 'Confirm your email',
    confirmHint: 'We sent a confirmation code to {{email}}. Enter it below.',
    code: 'Confirmation code',
    codeRequired: 'Enter the code from the email.',
    confirm: 'Confirm',
    confirming: 'Confirming...',
    resendCode: 'Send a new code',
    codeResent: 'A new code is on its way.',
    confirmed: 'Your email is confirmed. Sign in to continue.',
    notConfirmed: 'Confirm your email address first: enter the code we sent you.',
    accountDisabled: 'This account is being deleted, so it can no longer sign in.',
    resetTitle: 'Reset your password',
    resetHint: 'Enter your email and we will send you a code to set a new password.',
    sendCode: 'Send code',
    sendingCode: 'Sending...',
    resetCodeHint: 'We sent a code to {{email}}. Enter it with your new password.',
    newPassword: 'New password',
    setPassword: 'Set new password',
    settingPassword: 'Saving...',
    passwordChanged: 'Your password has been changed. Sign in with your new password.',
  },
  workspaces: {
    label: 'Workspace',
    title: 'Workspace',
    personal: 'Personal',
    manage: 'Members and settings',
    unavailable: 'Workspaces could not be loaded',
    invitationsWaiting: 'Invitations waiting for you: {{count}}. Open the link in the invitation e-mail to join.',
    backToPersonal: 'Go to my personal workspace',
    cancel: 'Cancel',
    personalHint: 'This is your personal workspace: only you see it. Create a workspace for a client or a brand to work on it with others.',
    summary: 'You are {{role}} here. Owner: {{owner}}. Members: {{count}}.',
    ruleIs: 'Approvals in this workspace: {{rule}}.',
    roles: { owner: 'Owner', admin: 'Admin', editor: 'Editor', contributor: 'Contributor', viewer: 'Viewer' },
    roleHints: {
      admin: 'Admins manage members and connected accounts, and publish.',
      editor: 'Editors publish, schedule and approve posts.',
      contributor: 'Contributors write drafts and submit posts for approval.',
      viewer: 'Viewers see posts and analytics and can comment.',
    },
    rules: {
      off: { label: 'Off', hint: 'Editors and admins publish directly. Contributors save drafts that an editor publishes.' },
      contributors: { label: 'Required for contributors', hint: "A contributor's post waits for an editor's or admin's approval." },
      everyone: { label: 'Required for everyone', hint: 'Every post waits for the approval of someone other than its author.' },
    },
    create: {
      title: 'New workspace',
      hint: 'One per client or brand: its accounts, posts, drafts, content and members stay apart from your other workspaces.',
      name: 'Name',
      submit: 'Create workspace',
      creating: 'Creating…',
      noneLeft: 'Your plan has no workspaces left to create.',
    },
    settings: {
      title: 'Settings',
      name: 'Name',
      approvalRule: 'Approvals',
      timeZone: 'Time zone',
      eachMembersZone: "Each member's own time zone (from their Settings)",
      timeZoneHint: 'Schedules and the calendar of this workspace use this time zone.',
      save: 'Save',
      saving: 'Saving…',
      saved: 'Saved.',
    },
    members: {
      title: 'Members',
      count: '{{count}} of {{max}} places used (open invitations count).',
      countUnlimited: '{{count}} members.',
      you: 'You',
      role: 'Role',
      roleOf: 'Role of {{email}}',
      remove: 'Remove',
      removeTitle: 'Remove {{email}}?',
      removeBody: 'They lose access to this workspace at once, on their next click. Their posts stay.',
      pending: 'Invitations sent',
      pendingUntil: '{{role}} · the link works until {{date}}',
      withdraw: 'Withdraw',
      invite: 'Invite',
      inviting: 'Sending…',
      inviteEmail: 'E-mail address',
      invited: 'Invitation sent to {{email}}.',
    },
    ownership: {
      transferTitle: 'Ownership',
      transferHint: 'Make another member the owner. You stay as an admin, and the workspace moves to the new owner\'s plan.',
      newOwner: 'New owner',
      choose: 'Choose a member',
      transfer: 'Transfer ownership',
      transferConfirm: 'Make {{email}} the owner?',
      transferBody: 'Only the new owner can undo this, by transferring it back.',
      leaveTitle: 'Leave',
      leaveHint: 'You lose access to this workspace. Its posts and accounts stay.',
      leave: 'Leave workspace',
      leaveConfirm: 'Leave {{name}}?',
      leaveBody: 'You need a new invitation to come back.',
    },
    invitation: {
      title: 'Invitation',
      noToken: 'This invitation link is not complete: open the link from the e-mail again.',
      signInFirst: 'Sign in, or sign up with the address the invitation was sent to, to see and accept it.',
      signIn: 'Sign in',
      signUp: 'Sign up',
      offer: '{{inviter}} invited you to the workspace "{{workspace}}" as {{role}}.',
      accept: 'Accept and open the workspace',
      decline: 'Decline',
      notForYou: 'This invitation is for {{invited}}, and you are signed in as {{you}}. Sign in with the invited address to accept it.',
    },
  },
  nav: {
    newPost: 'New Post',
    scheduled: 'Scheduled',
    calendar: 'Calendar',
    queue: 'Queue',
    posts: 'Posts',
    analytics: 'Analytics',
    accounts: 'Accounts',
    content: 'Content',
    influencer: 'Influencer',
    autotoon: 'AutoToon',
    podcast: 'Podcast',
    imageGenerator: 'AI Image',
    workspace: 'Workspace',
    approvals: 'Approvals',
    activity: 'Activity',
    reviewLinks: 'Review links',
    feeds: 'Feeds',
    settings: 'Settings',
    api: 'API',
    notSignedIn: 'Not signed in',
    signOut: 'Sign Out',
    signingOut: 'Signing out...',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    mainNavigation: 'Main navigation',
  },
  membership: {
    free: 'Free plan',
    admin: 'Admin',
  },
  pages: {
    newPost: 'Create a new post',
    scheduled: 'Scheduled Posts',
    calendar: 'Calendar',
    posts: 'Published Posts',
    analytics: 'Analytics',
    accounts: 'Select Platforms:',
    content: 'My Content',
    influencer: 'One Click Influencer',
    autotoon: 'AutoToon',
    podcast: 'Podcast',
    imageGenerator: 'AI Image',
  },
  callback: {
    connecting: 'Your account is being connected. Please wait...',
    chooseTitle: 'Choose the {{platform}} accounts to connect',
    chooseHint: 'Your {{platform}} login manages these accounts. Each one you tick is connected to OneClick as its own account.',
    chooseLegend: '{{platform}} accounts',
    // A network's own word for the accounts one login manages (i18next's context: the platform id).
    chooseTitle_facebook: 'Choose the Facebook Pages to connect',
    chooseHint_facebook: 'Your Facebook login manages these Pages. Each one you tick is connected to OneClick as its own account.',
    chooseLegend_facebook: 'Facebook Pages',
    chooseTitle_linkedinPage: 'Choose the LinkedIn Pages to connect',
    chooseHint_linkedinPage: 'Your LinkedIn login may post for these Pages. Each one you tick is connected to OneClick as its own account.',
    chooseLegend_linkedinPage: 'LinkedIn Pages',
    chooseTitle_googleBusiness: 'Choose the Google Business Profile locations to connect',
    chooseHint_googleBusiness: 'Your Google account manages these business locations. Each one you tick is connected to OneClick as its own account.',
    chooseLegend_googleBusiness: 'Business locations',
    chooseAtLeastOne: 'Choose at least one account.',
    chooseSubmit: 'Connect selected',
    choosing: 'Connecting...',
    chooseCancel: 'Cancel',
    chooseExpires: 'This choice stays open for 15 minutes.',
  },
  accounts: {
    server: {
      label: 'Your {{platform}} server',
      hint: 'The server your account is on: what follows the second @ of your full handle (@you@server).',
      empty: 'Type the {{platform}} server your account is on, e.g. {{example}}.',
      notAddress: '“{{server}}” is not a server address: type only its name, e.g. {{example}}.',
    },
    notConnected: 'Not connected',
    connecting: 'Connecting...',
    connected: 'Connected',
    needsReconnect: 'Needs reconnect',
    loadingInfo: 'Loading {{platform}} info...',
    connect: 'Connect {{platform}}',
    connectAnother: 'Connect another {{platform}} account',
    reconnect: 'Reconnect',
    disconnect: 'Disconnect {{name}} ({{platform}})',
    disconnecting: 'Disconnecting...',
    accountId: 'ID: {{id}}',
    notAvailable: 'Not available on this deployment',
    usage: '{{count}} of {{max}} accounts connected',
    usageUnlimited: '{{count}} accounts connected',
    reconnectSoon: 'Reconnect before {{date}} to keep publishing.',
    connectedNotice: 'Your {{platform}} account is connected.',
    connectedSeveral: '{{count}} {{platform}} accounts are connected.',
    connectedSeveral_facebook: '{{count}} Facebook Pages are connected.',
    connectedSeveral_linkedinPage: '{{count}} LinkedIn Pages are connected.',
    connectedSeveral_googleBusiness: '{{count}} Google Business Profile locations are connected.',
    loadFailed: 'Failed to fetch social connection',
    disconnectFailed: 'Failed to update social connection status',
    /** What a network's review of the app decides, where it limits who can connect (the operator's part: docs/operations.md). */
    access: {
      threads:
        "Until Meta approves this deployment's Threads app in App Review (threads_basic, threads_content_publish, threads_manage_replies, threads_read_replies, threads_manage_insights), only the app's Threads testers can connect.",
      facebook:
        "Until Meta grants this deployment's Facebook app Advanced Access in App Review (pages_show_list, pages_manage_posts, pages_read_engagement, read_insights, pages_manage_engagement), only people with a role on the app can connect their Pages.",
      linkedinPage:
        "LinkedIn Pages need this deployment's own LinkedIn app approved for LinkedIn's Community Management API (w_organization_social, r_organization_social, rw_organization_admin): its Development tier is for building and testing, and only after LinkedIn's review for the Standard tier can any Page admin connect.",
      googleBusiness:
        "Google Business Profile needs this deployment's Google project granted access to the Business Profile APIs, and until Google verifies its app for the business.manage scope, only the project's test users can connect their locations.",
      pinterest:
        "Until Pinterest upgrades this deployment's Pinterest app from Trial to Standard access (user_accounts:read, boards:read, boards:write, pins:read, pins:write), the app can make at most 1,000 calls a day for all its users together.",
    },
    errors: {
      access_denied: 'You did not give OneClick access to your {{platform}} account.',
      invalid_state: 'This connection attempt has expired or was already used. Please connect again.',
      other_browser:
        'This connection was finished in a different browser or tab from the one that started it, or a newer attempt replaced it. Nothing was connected. Please connect again from this browser.',
      other_user:
        'This connection was started by a different OneClick account from the one signed in here. Nothing was connected. Sign in with the account that started it, or connect again.',
      signed_out: 'Sign in to OneClick in this browser, then connect the account again. Nothing was connected.',
      unknown: 'The account could not be connected. Nothing was changed. Please try again.',
      missing_scopes: 'OneClick needs every permission it asks {{platform}} for. Please connect again and allow them all.',
      quota_exceeded: 'Your plan\'s limit of connected accounts ({{max}}) is reached. Disconnect an account to connect another, or upgrade your plan.',
      not_configured: '{{platform}} is not configured on this deployment.',
      exchange_failed: 'Failed to connect to {{platform}}',
      no_channel: 'No YouTube channel found',
      no_accounts: 'Your {{platform}} login manages no account OneClick can publish to. Nothing was connected.',
    },
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist.',
  },
  privacy: {
    title: 'Privacy Policy',
    intro:
      'This policy explains what OneClick collects when you use it, why, and the choices you have. You must be 13 or older to use OneClick.',
    sections: [
      {
        title: '1. Information We Collect',
        body: 'Personal information: your email address, and from the platforms you connect your name or username, your email if the platform provides it, your profile picture and the access tokens that let us publish for you. Non-personal information: technical data such as browser type and the pages you use, to keep the service working. TikTok API: when you connect TikTok we receive your username, profile details and posting activity.',
      },
      {
        title: '2. How We Use Your Information',
        body: 'We use your information to sign you in, to publish and schedule the posts you ask us to, to show you their results, and to keep the service secure.',
      },
      {
        title: '3. Sharing Your Information',
        body: 'We share your information only with the social platforms you connect (to publish your posts), with third-party services that run OneClick for us, and where the law requires it. We do not sell your information.',
      },
      {
        title: '4. Data Retention',
        body: 'We keep your information while your account exists. Platform tokens are removed when you disconnect an account or delete your OneClick account.',
      },
      {
        title: '5. Security',
        body: 'Platform tokens are encrypted at rest and are never shown in the app. Access to our systems is limited to what each part needs.',
      },
      {
        title: '6. TikTok API Compliance',
        body: 'Data received through the TikTok API is used only to publish your content and show you its status, as TikTok\'s developer terms require.',
      },
      {
        title: '7. Your Privacy Rights',
        body: 'You may access, update or delete your data, request a copy of it, and disconnect any account at any time.',
      },
      {
        title: '8. Third-Party Links',
        body: 'OneClick links to the platforms you publish on. Their own privacy policies apply there.',
      },
      {
        title: '9. Updates to This Policy',
        body: 'We will post any change to this policy on this page, with the date it takes effect.',
      },
      {
        title: '10. Contact Us',
        body: 'Questions about this policy: privacy@oneclick.example.',
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro: 'These terms govern your use of OneClick.',
    sections: [
      {
        title: '1. Introduction',
        body: 'By using OneClick you agree to these terms. If you do not agree, do not use the service.',
      },
      {
        title: '2. Use License',
        body: 'We grant you a personal, non-transferable right to use OneClick to manage and publish your own content.',
      },
      {
        title: '3. Account Terms',
        body: 'You must be 13 or older, give a valid email address and keep your password safe. You are responsible for what is published from your account.',
      },
      {
        title: '4. Content Guidelines',
        body: 'You keep the rights to your content. You must have the right to publish it, and it must follow the rules of each platform it goes to.',
      },
      {
        title: '5. Service Modifications',
        body: 'We may change or discontinue features. We will tell you in advance of changes that affect your data.',
      },
      {
        title: '6. Third-Party Services',
        body: 'Publishing depends on the platforms\' own services and terms, which we do not control.',
      },
      {
        title: '7. Limitation of Liability',
        body: 'OneClick is provided as is. To the extent the law allows, we are not liable for indirect losses arising from its use.',
      },
      {
        title: '8. Contact',
        body: 'Questions about these terms: legal@oneclick.example.',
      },
    ],
  },
};

export type Messages = typeof en;
