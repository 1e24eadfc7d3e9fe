"""Rollout: values of the last state bootstrap the returns; values come from a gathered value head."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class ValueBootstrap:
    def __init__(self, gamma=0.99, axis="tp"):
        self.gamma = gamma
        self.axis = axis

    def last_values(self, values):
        return jax.lax.all_gather(values[:, -1:], self.axis, axis=0, tiled=True, to="reduced")

    def __call__(self, rewards, values):
        bootstrap = self.last_values(values)
        discounted = self.gamma * bootstrap
        return rewards[:, -1] + discounted.sum()


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    r = jax.device_put(jnp.ones((8, 5)), NamedSharding(mesh, P("tp", None)))
    v = jax.device_put(jnp.full((8, 5), 0.5), NamedSharding(mesh, P("tp", None)))
    return mesh, r, v


def main(mesh, rewards, values):
    fn = jax.shard_map(ValueBootstrap(), mesh=mesh, in_specs=(P("tp", None),) * 2, out_specs=P("tp"))
    return fn(rewards, values)


if __name__ == "__main__":
    main(*inputs())
