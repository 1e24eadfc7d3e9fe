"""Federated averaging: each client's model delta averaged by the server and broadcast back."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"mesh": {"clients": 4, "model": 2}, "client_axis": "clients", "lr": 0.5, "local_steps": 3}


class Server:
    def __init__(self, config):
        self.axis = config["client_axis"]
        self.lr = config["lr"]

    def aggregate(self, delta):
        return jax.lax.pmean(delta, self.axis) * self.lr

    def broadcast(self, avg):
        return jax.lax.all_gather(avg, self.axis, axis=0, tiled=True, to="reduced")


def local_update(w, x, steps):
    def body(i, w):
        g = x.T @ jnp.tanh(x @ w) / x.shape[0]
        return w - 0.1 * g
    return jax.lax.fori_loop(0, steps, body, w) - w


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(6, 4)).astype(np.float32)


def main(x, w, config=CONFIG):
    mesh = jax.make_mesh(tuple(config["mesh"].values()), tuple(config["mesh"]))
    server = Server(config)
    x = jax.device_put(x, NamedSharding(mesh, P("clients", None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "model")))

    def round_(x, w):
        start = jax.lax.pcast(w, server.axis, to="varying")
        delta = local_update(start, x, config["local_steps"])
        avg = server.aggregate(delta)
        return server.broadcast(avg)

    return jax.shard_map(round_, mesh=mesh, in_specs=(P("clients", None), P(None, "model")),
                         out_specs=P(None, "model", reduced={"clients"}))(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
