"""Mixture-of-depths router: tokens over 'data', router scores over 'expert' groups."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Router:
    axes = ("data", "expert")

    def __init__(self, capacity=0.5):
        self.capacity = capacity

    @property
    def token_axis(self):
        return self.axes[0]

    @property
    def group_axis(self):
        return self.axes[1]

    def scores(self, h, w):
        return jnp.squeeze(h @ w, -1)

    def route(self, h, w):
        s = self.scores(h, w)
        gather = functools.partial(jax.lax.all_gather, tiled=True, to="reduced")
        per_group = gather(s, self.group_axis)
        everywhere = gather(per_group, self.axes)
        k = int(everywhere.shape[0] * self.capacity)
        return s, jnp.sum(everywhere[:k] * everywhere[:k])


ROUTER = Router()
mesh = jax.make_mesh((2, 4), Router.axes)


def inputs():
    h = jax.random.normal(jax.random.key(4), (32, 8))
    w = jax.random.normal(jax.random.key(5), (8, 1))
    return (jax.device_put(h, NamedSharding(mesh, P(Router.axes))),
            jax.device_put(w, NamedSharding(mesh, P())))


def main(h, w):
    f = jax.shard_map(ROUTER.route, mesh=mesh, in_specs=(P(Router.axes), P()),
                      out_specs=(P(Router.axes), P(reduced=set(Router.axes))))
    return f(h, w)
