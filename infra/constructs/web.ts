import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { contentSecurityPolicy, staticSecurityHeaders } from '../../shared/resources/securityHeaders';
import type { WebConfig } from '../../shared/api/webConfig';
import { moduleOrigins } from '../../shared/api/modules';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/http/callerHeaders';
import type { ApiOriginSecret } from './api';
import { privateBucketDefaults } from './storage';

export interface WebProps {
  readonly accessLogs: s3.IBucket;
  /** The built front end (vite build output). */
  readonly assetPath: string;
}

/**
 * The web distribution: a private bucket behind CloudFront with origin access control, SPA
 * fallback to index.html, security response headers, and config.json with the stack's outputs.
 */
export class Web extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  private readonly headers: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      ...privateBucketDefaults,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/site/',
    });

    this.headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'OneClick security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: "default-src 'self'", override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(staticSecurityHeaders.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: staticSecurityHeaders.strictTransportSecurity.includeSubdomains,
          preload: staticSecurityHeaders.strictTransportSecurity.preload,
          override: true,
        },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'OneClick web app',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: this.headers,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
      },
      additionalBehaviors: {
        '/config.json': {
          origin: siteOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          responseHeadersPolicy: this.headers,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        },
      },
      // The SPA owns its routes: unknown paths are served index.html and routed in the browser.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'The product serves users worldwide; there is no country it must block.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason: 'A static SPA with no server-side logic at this origin; the API has its own throttling. WAF can be attached later without code changes.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason: 'Uses the default *.cloudfront.net certificate, which CloudFront serves with TLSv1 as the minimum; a custom domain with TLS_V1_2_2021 is configured when one is attached.',
    });

    new s3deploy.BucketDeployment(this, 'Site', {
      sources: [s3deploy.Source.asset(props.assetPath, { exclude: ['config.json'] })],
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      prune: false,
    });
  }

  /**
   * Routes /api/* to the HTTP API: never cached, every viewer header but Host forwarded, plus the
   * viewer's address (set by a CloudFront Function, replacing any value the viewer sent) and the
   * origin secret that makes the API believe it (per-address limits, functions/http/rateLimit.ts).
   */
  addApi(apiDomainName: string, basePath: string, originSecret: ApiOriginSecret): void {
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Passes the viewer address to the API for per-address limits',
      code: cloudfront.FunctionCode.fromInline(
        `function handler(event) { event.request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip }; return event.request; }`,
      ),
    });
    const apiOrigin = new origins.HttpOrigin(apiDomainName, { customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret.value } });
    this.distribution.addBehavior(`${basePath}/*`, apiOrigin, {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.headers,
      functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    });
    // The MCP server's OAuth metadata where its clients look first (RFC 8414 §3 and RFC 9728 §3.1
    // put the well-known name before the issuer's or resource's path, /api): the same API route.
    const wellKnown = new cloudfront.Function(this, 'OAuthMetadata', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves the MCP OAuth metadata of the API at the site root',
      code: cloudfront.FunctionCode.fromInline(
        `function handler(event) { var r = event.request; var m = /^\\/\\.well-known\\/(oauth-authorization-server|oauth-protected-resource)${basePath.replace(/\//g, "\\/")}(\\/.*)?$/.exec(r.uri); ` +
          `if (!m) return { statusCode: 404, statusDescription: 'Not Found' }; r.uri = '${basePath}/.well-known/' + m[1]; r.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip }; return r; }`,
      ),
    });
    this.distribution.addBehavior('/.well-known/oauth-*', apiOrigin, {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.headers,
      functionAssociations: [{ function: wellKnown, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    });
  }

  get origin(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /** Sets the CSP from the origins the app really talks to and writes config.json. */
  configure(config: WebConfig, connectOrigins: string[], mediaOrigins: string[]): void {
    const csp = contentSecurityPolicy({ connect: connectOrigins, media: mediaOrigins, frames: moduleOrigins(config.modules ?? {}) });
    const cfn = this.headers.node.defaultChild as cloudfront.CfnResponseHeadersPolicy;
    cfn.addPropertyOverride(
      'ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy',
      csp,
    );
    new s3deploy.BucketDeployment(this, 'Config', {
      sources: [s3deploy.Source.jsonData('config.json', config)],
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/config.json'],
      prune: false,
    });
  }

  get region(): string {
    return Stack.of(this).region;
  }
}
