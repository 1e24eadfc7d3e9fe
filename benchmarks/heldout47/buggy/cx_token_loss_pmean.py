"""Variable-weighted latent MSE of a foundation model, averaged over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VAR_WEIGHTS = {"t2m": 1.0, "u10": 0.5, "v10": 0.5, "z500": 2.0}


class WeightedTokenLoss:
    def __init__(self, mesh, token_axis="token"):
        self.axes = tuple(mesh.axis_names)
        self.token_axis = token_axis

    def __call__(self, pred, target):
        total = 0.0
        for name, w in VAR_WEIGHTS.items():
            err = jnp.mean((pred[name] - target[name]) ** 2, axis=-1)
            total = total + w * jax.lax.pmean(err, self.token_axis)
        return jax.lax.pmean(total, self.axes)


def inputs():
    rng = np.random.default_rng(53)
    pred = {k: rng.standard_normal((4, 16)).astype(np.float32) for k in VAR_WEIGHTS}
    target = {k: rng.standard_normal((4, 16)).astype(np.float32) for k in VAR_WEIGHTS}
    return pred, target


def main(pred, target):
    mesh = jax.make_mesh((2, 4), ("batch", "token"))
    place = lambda tree: jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P("batch", "token"))), tree)
    loss = WeightedTokenLoss(mesh)
    return jax.shard_map(loss, mesh=mesh, in_specs=(P("batch", "token"), P("batch", "token")),
                         out_specs=P())(place(pred), place(target))


if __name__ == "__main__":
    main(*inputs())
