"""Expert-choice routing (Zhou et al. 2022): each expert picks its top tokens."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ExpertChoiceRouter:
    token_axis = "data"
    expert_axis = "expert"
    capacity = 4

    def affinity(self, x, w):
        return jax.nn.softmax(x @ w, axis=-1)

    def pool_scores(self, scores):
        by_expert = jax.lax.all_gather(scores, self.expert_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(by_expert, (self.token_axis, self.expert_axis), axis=0, tiled=True, to="reduced")

    def __call__(self, x, w):
        return self.pool_scores(self.affinity(x, w))


def inputs():
    rng = np.random.default_rng(402)
    return rng.standard_normal((32, 16)).astype(np.float32), rng.standard_normal((16, 8)).astype(np.float32)


def main(x, w):
    router = ExpertChoiceRouter()
    mesh = jax.make_mesh((4, 2), (router.token_axis, router.expert_axis))
    x = jax.device_put(x, NamedSharding(mesh, P(router.token_axis, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, router.expert_axis)))
    fn = jax.shard_map(router, mesh=mesh, in_specs=(P(router.token_axis, None), P(None, router.expert_axis)),
                       out_specs=P(None, None, reduced={router.token_axis, router.expert_axis}))
    return fn(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
