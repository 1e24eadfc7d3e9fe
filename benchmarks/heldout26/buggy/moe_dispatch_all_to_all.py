"""Expert-parallel dispatch: global top-k on gathered router logits, then sent to expert shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ExpertParallelDispatch:
    expert_axis = "expert"

    def __init__(self, top_k):
        self.top_k = top_k
        self.gather_router = functools.partial(jax.lax.all_gather, axis_name=self.expert_axis,
                                               axis=1, tiled=True, to="reduced")
        self.to_experts = functools.partial(jax.lax.all_to_all, axis_name=self.expert_axis,
                                            split_axis=1, concat_axis=0, tiled=True)

    def __call__(self, router_logits):
        full = self.gather_router(router_logits)
        _, chosen = jax.lax.top_k(full, self.top_k)
        routed = self.to_experts(full)
        return routed, chosen


def inputs():
    rng = np.random.default_rng(2633)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(router_logits):
    mesh = jax.make_mesh((2, 4), ("data", ExpertParallelDispatch.expert_axis))
    router_logits = jax.device_put(router_logits, NamedSharding(mesh, P("data", "expert")))
    fn = jax.shard_map(ExpertParallelDispatch(top_k=2), mesh=mesh, in_specs=P("data", "expert"),
                       out_specs=(P(("data", "expert"), None), P("data", None, reduced={"expert"})))
    return fn(router_logits)


if __name__ == "__main__":
    print(main(*inputs()))
