"""Batched rigid-body environments: kinetic energy monitor over a registered state pytree."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.tree_util import register_pytree_node_class

ENV, BODY = "env", "body"


@register_pytree_node_class
class State:
    def __init__(self, vel, mass):
        self.vel = vel
        self.mass = mass

    def tree_flatten(self):
        return (self.vel, self.mass), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


STATE_SPEC = State(P(ENV, BODY, None), P(ENV, BODY))


def kinetic_energy(state):
    per_body = 0.5 * state.mass * jnp.sum(state.vel ** 2, axis=-1)
    per_env = jax.lax.psum(jnp.sum(per_body, axis=1), BODY)
    return jax.lax.all_gather(per_env, BODY, axis=0, tiled=True, to="invarying")


def inputs():
    rng = np.random.default_rng(101)
    return (rng.standard_normal((4, 8, 3)).astype(np.float32), (1 + rng.random((4, 8))).astype(np.float32))


def main(vel, mass):
    mesh = jax.make_mesh((2, 4), (ENV, BODY))
    state = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)),
                         State(vel, mass), STATE_SPEC)
    fn = jax.shard_map(kinetic_energy, mesh=mesh, in_specs=(STATE_SPEC,),
                       out_specs=P(ENV))
    return fn(state)


if __name__ == "__main__":
    print(main(*inputs()))
