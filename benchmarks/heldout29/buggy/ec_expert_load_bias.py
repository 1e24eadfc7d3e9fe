"""Aux-loss-free MoE balancing: per-expert load drives the routing bias update."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROUTER_CFG = {"token_axis": "tokens", "expert_axis": "experts", "top_k": 2, "bias_lr": 1e-3}


def expert_load(logits, cfg=ROUTER_CFG):
    top = jax.lax.top_k(logits, cfg["top_k"])[1]
    hits = jax.nn.one_hot(top, logits.shape[-1]).sum(axis=(0, 1))
    load = jax.lax.psum(hits, cfg["token_axis"])
    return jax.lax.all_gather(load, cfg["token_axis"], to="reduced")


def inputs():
    rng = np.random.default_rng(401)
    return (rng.standard_normal((64, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), (ROUTER_CFG["token_axis"], ROUTER_CFG["expert_axis"]))
    logits = jax.device_put(logits, NamedSharding(mesh, P("tokens", "experts")))
    fn = jax.shard_map(expert_load, mesh=mesh, in_specs=P("tokens", "experts"),
                       out_specs=P(None, "experts", reduced={"tokens"}))
    return fn(logits)


if __name__ == "__main__":
    print(main(*inputs()))
