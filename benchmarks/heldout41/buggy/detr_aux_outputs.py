"""Deformable-DETR auxiliary decoder outputs: class logits of every decoder layer collected."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"images": "batch", "queries": "query"}


def layer_logits(h, w):
    return jnp.einsum("bqd,dc->bqc", h, w)


def collect_aux(hs, w, axes=AXES):
    outs = []
    for layer in range(hs.shape[0]):
        logits = layer_logits(hs[layer], w)
        outs.append(jax.lax.all_gather(logits, axes["queries"], axis=1, tiled=True, to="reduced"))
    last = outs[-1]
    return jax.lax.all_gather(last, (axes["images"], axes["queries"]), axis=0, tiled=True,
                              to="reduced")


def inputs():
    rng = np.random.default_rng(9)
    hs = rng.standard_normal((3, 4, 8, 6)).astype(np.float32)
    w = rng.standard_normal((6, 5)).astype(np.float32)
    return hs, w


def main(hs, w):
    mesh = jax.make_mesh((2, 4), (AXES["images"], AXES["queries"]))
    hs_spec = P(None, "batch", "query", None)
    hs = jax.device_put(hs, NamedSharding(mesh, hs_spec))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    return jax.shard_map(collect_aux, mesh=mesh, in_specs=(hs_spec, P()),
                         out_specs=P(None, None, None, reduced={"batch", "query"}))(hs, w)


if __name__ == "__main__":
    main(*inputs())
