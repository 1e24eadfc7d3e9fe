"""AAM-softmax training: class centres are shared across embedding shards for the margin logits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENTS = {
    "ecapa-aam": {"margin": 0.2, "scale": 30.0, "axes": {"batch": "utt", "feature": "embed"}},
}


def share_centres(w, feature_axis):
    return jax.lax.all_gather(w, feature_axis, axis=1, tiled=True, to="reduced")


def margin_logits(emb, w, cfg):
    centres = share_centres(w, cfg["axes"]["feature"])
    replicated = jax.lax.all_gather(centres, cfg["axes"]["feature"], axis=0, tiled=True)
    return emb @ replicated[: emb.shape[1]] - cfg["margin"]


def inputs():
    rng = np.random.default_rng(32)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.standard_normal((8, 16)).astype(np.float32))


def main(emb, w, name="ecapa-aam"):
    cfg = EXPERIMENTS[name]
    axes = cfg["axes"]
    mesh = jax.make_mesh((2, 4), (axes["batch"], axes["feature"]))
    spec = P(axes["batch"], axes["feature"])
    emb = jax.device_put(emb, NamedSharding(mesh, spec))
    w = jax.device_put(w, NamedSharding(mesh, spec))
    return jax.shard_map(lambda e, c: margin_logits(e, c, cfg), mesh=mesh,
                         in_specs=(spec, spec), out_specs=P(axes["batch"], axes["feature"]))(emb, w)


if __name__ == "__main__":
    print(main(*inputs()).shape)
