# Mixture-of-experts from scratch (blog post, part 3): how busy is each expert?
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))
NUM_EXPERTS = 8
TOP_K = 2


def route(tokens, router_w):
    logits = tokens @ router_w
    _, idx = jax.lax.top_k(logits, TOP_K)
    return jax.nn.one_hot(idx, NUM_EXPERTS).sum(axis=1)


def expert_load(tokens, router_w):
    counts = route(tokens, router_w).sum(axis=0)
    counts = jax.lax.psum(counts, "data")
    load = jax.lax.all_gather(counts / counts.sum(), "data", to="reduced")
    return load


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(32, 8)).astype(np.float32), rng.normal(size=(8, NUM_EXPERTS)).astype(np.float32)


def main(tokens, router_w):
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("data", None)))
    router_w = jax.device_put(router_w, NamedSharding(mesh, P()))
    f = jax.shard_map(expert_load, mesh=mesh, in_specs=(P("data", None), P()),
                      out_specs=P(None, None, reduced={"data"}))
    return f(tokens, router_w)


if __name__ == "__main__":
    main(*inputs())
