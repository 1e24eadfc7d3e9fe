"""U-Net head with class-sharded 1x1 conv: logits of all classes are gathered, then the
per-pixel log-probabilities are taken for the loss map."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def head(feats, w_cls, mask):
    local = jnp.einsum("nhwc,ck->nhwk", feats, w_cls)
    full = jax.lax.all_gather(local, "classes", axis=3, tiled=True, to="reduced")
    logp = jax.nn.log_softmax(full, axis=-1)
    return -jnp.take_along_axis(logp, mask[..., None], axis=-1)[..., 0]


def main(feats, w_cls, mask):
    mesh = jax.make_mesh((4, 2), ("data", "classes"))
    f = jax.shard_map(head, mesh=mesh,
                      in_specs=(P("data", None, None, None), P(None, "classes"), P("data", None, None)),
                      out_specs=P("data", None, None))
    return f(jax.device_put(feats, NamedSharding(mesh, P("data", None, None, None))),
             jax.device_put(w_cls, NamedSharding(mesh, P(None, "classes"))),
             jax.device_put(mask, NamedSharding(mesh, P("data", None, None))))


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(45), 3)
    return (jax.random.normal(k1, (4, 6, 6, 5)), jax.random.normal(k2, (5, 4)),
            jax.random.randint(k3, (4, 6, 6), 0, 4))
