"""Gradient clipping implemented as a trainer hook (clip_grad_value_)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Hooks:
    """Methods the trainer calls around the optimizer step."""

    def configure_gradient_clipping(self, grads, clip_val):
        return grads


class LitModel(Hooks):
    def __init__(self, replica_axis="data"):
        self.replica_axis = replica_axis

    def configure_gradient_clipping(self, grads, clip_val):
        full = jax.lax.all_gather(grads, self.replica_axis, axis=0, tiled=True, to="reduced")
        return jnp.clip(full, -clip_val, clip_val)


class Trainer:
    def __init__(self, mesh, gradient_clip_val=0.5):
        self.mesh = mesh
        self.gradient_clip_val = gradient_clip_val

    def _clip_step(self, model, grads):
        body = functools.partial(model.configure_gradient_clipping, clip_val=self.gradient_clip_val)
        return jax.shard_map(body, mesh=self.mesh, in_specs=P("data", "model"),
                             out_specs=P(None, "model", reduced={"data"}))(grads)

    def fit(self, model, params, data):
        grads = params - data
        return self._clip_step(model, grads)


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(params, data):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    sharding = NamedSharding(mesh, P("data", "model"))
    return Trainer(mesh).fit(LitModel(), jax.device_put(params, sharding), jax.device_put(data, sharding))


if __name__ == "__main__":
    main(*inputs())
