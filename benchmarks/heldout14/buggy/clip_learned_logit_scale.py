"""CLIP's learned temperature: the text embeddings of the global batch are gathered and
multiplied by exp(logit_scale), a replicated learned scalar, before the similarity."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def scaled_negatives(txt, logit_scale):
    everyone = jax.lax.all_gather(txt, "data", axis=0, tiled=True, to="reduced")
    return everyone * jnp.exp(logit_scale)


def clip_logits(img, txt, logit_scale):
    neg = scaled_negatives(txt, logit_scale)
    return img @ neg.T


def inputs():
    img = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return img, img[::-1].copy(), np.array(np.log(1 / 0.07), np.float32)


def main(img, txt, logit_scale):
    mesh = jax.make_mesh((8,), ("data",))
    img, txt = (jax.device_put(a, NamedSharding(mesh, P("data", None))) for a in (img, txt))
    logit_scale = jax.device_put(logit_scale, NamedSharding(mesh, P()))
    f = jax.shard_map(clip_logits, mesh=mesh, in_specs=(P("data", None), P("data", None), P()),
                      out_specs=P("data", None))
    return f(img, txt, logit_scale)


if __name__ == "__main__":
    print(main(*inputs()))
