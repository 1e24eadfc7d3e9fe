"""Config-driven experiments: a table of named runs, each with its axes; param norms logged."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENTS = {
    "baseline": {"mesh": {"fsdp": 8}, "shard_dim": 0, "log_norms": True},
    "wide": {"mesh": {"fsdp": 4, "tp": 2}, "shard_dim": 0, "log_norms": True},
}
RUN = "baseline"


def experiment(name):
    cfg = dict(EXPERIMENTS[name])
    cfg["axis"] = next(iter(cfg["mesh"]))
    return cfg


CFG = experiment(RUN)


def materialise(kernel_blk, cfg):
    return jax.lax.all_gather(kernel_blk, cfg["axis"], axis=cfg["shard_dim"], tiled=True,
                              to="reduced")


def param_norm(kernel_full, cfg):
    sq = jnp.sum(kernel_full * kernel_full)
    return jnp.sqrt(jax.lax.psum(sq, cfg["axis"]))


def main(mesh, kernel):
    def body(kernel_blk):
        full = materialise(kernel_blk, CFG)
        norm = param_norm(full, CFG) if CFG["log_norms"] else jnp.zeros(())
        return full, norm

    f = jax.shard_map(body, mesh=mesh, in_specs=P(CFG["axis"], None),
                      out_specs=(P(None, None, reduced={CFG["axis"]}), P()))
    return f(kernel)


def inputs():
    mesh = jax.make_mesh(tuple(CFG["mesh"].values()), tuple(CFG["mesh"]))
    kernel = jax.random.normal(jax.random.key(34), (16, 4))
    return mesh, jax.device_put(kernel, NamedSharding(mesh, P(CFG["axis"], None)))
