"""KL metrics against the reference model, reported through a table of reductions."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS = [
    ("kl/mean", jax.lax.pmean, ["fsdp"]),
    ("kl/total", jax.lax.psum, ["fsdp", "tensor"]),
]


def kl_metrics(logp, ref_logp):
    seq_kl = jax.lax.psum((logp - ref_logp).sum(axis=-1), "tensor")
    results = {}
    for name, op, axes in METRICS:
        results[name] = op(seq_kl.sum(), tuple(axes))
    return results


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    s = NamedSharding(mesh, P("fsdp", "tensor"))
    return mesh, jax.device_put(-jnp.ones((4, 8)), s), jax.device_put(-jnp.ones((4, 8)) * 1.1, s)


def main(mesh, logp, ref):
    fn = jax.shard_map(kl_metrics, mesh=mesh, in_specs=(P("fsdp", "tensor"),) * 2,
                       out_specs={"kl/mean": P(), "kl/total": P()})
    return fn(logp, ref)


if __name__ == "__main__":
    main(*inputs())
