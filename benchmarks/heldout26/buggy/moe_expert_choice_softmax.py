"""Expert-choice routing: each expert picks its top tokens from scores gathered over the batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUTERS = {}


def register_router(name):
    def wrap(cls):
        ROUTERS[name] = cls
        return cls
    return wrap


@register_router("expert_choice")
class ExpertChoiceRouter:
    def __init__(self, capacity, token_axis="data"):
        self.capacity = capacity
        self.token_axis = token_axis

    def token_affinity(self, scores):
        gathered = jax.lax.all_gather(scores, self.token_axis, axis=0, tiled=True, to="reduced")
        return jax.nn.softmax(gathered, axis=0)

    def __call__(self, scores):
        affinity = self.token_affinity(scores)
        gates, token_idx = jax.lax.top_k(affinity.T, self.capacity)
        return gates, token_idx


def inputs():
    rng = np.random.default_rng(2636)
    return (rng.standard_normal((32, 8)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("data", "expert")))
    router = ROUTERS["expert_choice"](capacity=4)
    fn = jax.shard_map(router, mesh=mesh, in_specs=P("data", "expert"),
                       out_specs=(P("expert", None), P("expert", None)))
    return fn(scores)


if __name__ == "__main__":
    print(main(*inputs()))
