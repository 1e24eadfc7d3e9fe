"""Bootstrapped DQN: an ensemble of Q-heads sharded over 'member', each head's rows over
'model'. Syncing the target network copies every head to every device."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class TargetSync:
    def __init__(self, member_axis="member", model_axis="model"):
        self.member_axis = member_axis
        self.model_axis = model_axis

    @property
    def axes(self):
        return (self.member_axis, self.model_axis)

    def rows(self, w):
        return jax.lax.all_gather(w, self.model_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, heads):
        heads = self.rows(heads)
        return jax.lax.all_gather(heads, self.axes, axis=0, tiled=True, to="reduced")


def main(heads):
    mesh = jax.make_mesh((4, 2), ("member", "model"))
    sync = TargetSync()
    spec = P("member", "model", None)
    f = jax.shard_map(sync, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, None, reduced={"member", "model"}))
    return f(jax.device_put(heads, NamedSharding(mesh, spec)))


def inputs():
    return (jax.random.normal(jax.random.key(51), (4, 8, 6)),)
