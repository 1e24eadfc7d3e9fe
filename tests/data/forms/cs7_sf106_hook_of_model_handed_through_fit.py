"""A model's overridden hook, bound by `functools.partial` in the trainer, is the body: the model
is a parameter of two trainer methods, every caller handing on the one `LitModel()` main makes.
The clip bounds are constants next to the gathered, reduced gradient."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Hooks:
    def configure_gradient_clipping(self, grads, clip_val):
        return grads


class LitModel(Hooks):
    def configure_gradient_clipping(self, grads, clip_val):
        full = jax.lax.all_gather(grads, "i", axis=0, tiled=True, to="reduced")
        return jnp.clip(full, -clip_val, clip_val)  # SF106


class Trainer:
    def __init__(self, mesh, clip_val=0.5):
        self.mesh = mesh
        self.clip_val = clip_val

    def _clip_step(self, model, grads):
        body = functools.partial(model.configure_gradient_clipping, clip_val=self.clip_val)
        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"),
                             out_specs=P(None, "j", reduced={"i"}))(grads)

    def fit(self, model, grads):
        return self._clip_step(model, grads)


def main(mesh, x):
    return Trainer(mesh).fit(LitModel(), x)
