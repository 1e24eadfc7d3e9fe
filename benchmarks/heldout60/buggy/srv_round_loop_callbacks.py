"""A federated round loop with Keras-like callbacks fired after each aggregation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CLIENT_AXIS = "clients"
MODEL_AXIS = "model"


class Callback:
    def on_aggregate(self, rnd, model):
        return None


class UpdateMagnitude(Callback):
    def __init__(self, axis=CLIENT_AXIS):
        self.axis = axis

    def on_aggregate(self, rnd, model):
        return jax.lax.psum(model, self.axis)


class Server:
    def __init__(self, callbacks, num_rounds=2, lr=0.5):
        self.callbacks = callbacks
        self.num_rounds = num_rounds
        self.lr = lr

    def fit_round(self, params, grads):
        local = params - self.lr * grads
        return jax.lax.all_gather(local, CLIENT_AXIS, axis=0, tiled=True, to="reduced")

    def run(self, params, grads):
        history = []
        for rnd in range(self.num_rounds):
            model = self.fit_round(params, grads)
            for cb in self.callbacks:
                out = cb.on_aggregate(rnd, model)
                if out is not None:
                    history.append(out)
        return history[-1]


def inputs():
    rng = np.random.default_rng(1)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(params, grads):
    mesh = jax.make_mesh((2, 4), (CLIENT_AXIS, MODEL_AXIS))
    spec = P(CLIENT_AXIS, MODEL_AXIS)
    params = jax.device_put(params, NamedSharding(mesh, spec))
    grads = jax.device_put(grads, NamedSharding(mesh, spec))
    server = Server([Callback(), UpdateMagnitude()])
    return jax.shard_map(server.run, mesh=mesh, in_specs=(spec, spec), out_specs=P(None, MODEL_AXIS))(params, grads)


if __name__ == "__main__":
    main(*inputs())
