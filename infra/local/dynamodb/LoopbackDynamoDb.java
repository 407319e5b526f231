// Starts DynamoDB Local bound to 127.0.0.1 only. Its own CLI binds every interface and has
// no host option, so this sets the host on its Jetty connector before the server starts.
// It also exits when its standard input closes: the twin holds the other end, so a twin that
// dies without stopping it (killed, crashed) does not leave DynamoDB Local running.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDb {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    Thread parentWatch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // The twin never writes; only the end of the stream matters.
        }
      } catch (java.io.IOException ignored) {
        // A broken pipe is the end of the stream too.
      }
      System.exit(0);
    });
    parentWatch.setDaemon(true);
    parentWatch.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1");
    proxy.join();
  }
}
