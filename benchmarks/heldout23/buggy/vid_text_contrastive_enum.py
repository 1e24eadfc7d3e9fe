import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    TIME = "time"
    SPACE = "space"


ALL_AXES = tuple(axis.value for axis in MeshAxis)
TEMPERATURE = 0.07


def clip_embedding(frames, proj):
    pooled = jax.lax.pmean(frames.mean(axis=(0, 1)), MeshAxis.SPACE.value)
    emb = pooled @ proj
    return emb / jnp.linalg.norm(emb)


def contrastive_body(frames, text, proj):
    video = clip_embedding(frames, proj)
    logits = text @ video / TEMPERATURE
    local = -jax.nn.log_softmax(logits)[0]
    return jax.lax.pmean(local, ALL_AXES)


def inputs():
    rng = np.random.default_rng(6)
    frames = rng.normal(size=(8, 16, 8)).astype(np.float32)
    text = rng.normal(size=(5, 4)).astype(np.float32)
    proj = rng.normal(size=(8, 4)).astype(np.float32)
    return frames, text, proj


def main(frames, text, proj):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    frames = jax.device_put(frames, NamedSharding(mesh, P(MeshAxis.TIME.value, MeshAxis.SPACE.value, None)))
    text, proj = (jax.device_put(a, NamedSharding(mesh, P())) for a in (text, proj))
    return jax.shard_map(contrastive_body, mesh=mesh,
                         in_specs=(P(MeshAxis.TIME.value, MeshAxis.SPACE.value, None), P(), P()),
                         out_specs=P())(frames, text, proj)


if __name__ == "__main__":
    print("loss", main(*inputs()))
