"""Per-token reference log-probs, accumulated right-to-left in an unrolled loop like a return."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def gathered_ref(ref_logp, axis):
    return jax.lax.all_gather(ref_logp, axis, axis=0, tiled=True, to="reduced")


def kl_returns(logp, ref_logp, axis="fsdp"):
    ref = gathered_ref(ref_logp, axis)
    acc = ref[:, -1]
    for t in reversed(range(ref.shape[1] - 1)):
        acc = acc + ref[:, t]
    per_token = acc
    return jax.lax.psum(per_token, axis)


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    s = NamedSharding(mesh, P("fsdp", "tensor"))
    return mesh, jax.device_put(-jnp.ones((4, 8)), s), jax.device_put(-jnp.ones((4, 8)), s)


def main(mesh, logp, ref):
    fn = jax.shard_map(kl_returns, mesh=mesh, in_specs=(P("fsdp", "tensor"),) * 2, out_specs=P("tensor"))
    return fn(logp, ref)


if __name__ == "__main__":
    main(*inputs())
