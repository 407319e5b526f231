import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { tableKeys, tables, type KeyAttribute, type TableKey } from '../../shared/resources/tables';

const attribute = (key: KeyAttribute): dynamodb.Attribute => ({
  name: key.name,
  type: key.type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER,
});

/** Stateful data: every DynamoDB table from the shared definitions, and the token key. */
export class Data extends Construct {
  readonly tables: Record<TableKey, dynamodb.TableV2>;
  /** Envelope key for platform access/refresh tokens at rest. */
  readonly tokenKey: kms.Key;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.tables = {} as Record<TableKey, dynamodb.TableV2>;
    for (const key of tableKeys) {
      const definition = tables[key];
      this.tables[key] = new dynamodb.TableV2(this, `${key[0]!.toUpperCase()}${key.slice(1)}Table`, {
        partitionKey: attribute(definition.partitionKey),
        ...('sortKey' in definition ? { sortKey: attribute(definition.sortKey) } : {}),
        billing: dynamodb.Billing.onDemand(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: true,
        removalPolicy: RemovalPolicy.RETAIN,
        ...('timeToLiveAttribute' in definition ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
        globalSecondaryIndexes: ('globalIndexes' in definition ? definition.globalIndexes : []).map((index) => ({
          indexName: index.indexName,
          partitionKey: attribute(index.partitionKey),
          ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
        })),
      });
    }

    this.tokenKey = new kms.Key(this, 'TokenKey', {
      description: 'Encrypts platform access and refresh tokens at rest (envelope encryption).',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
