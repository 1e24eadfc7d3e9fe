"""Cryo-EM 2-D classification launched like a Ray Tune trainable: train(config) with a dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULT_CONFIG = {
    "mesh": {"shape": (4, 2), "axes": {"particles": "ptcl", "pixels": "pix"}},
    "n_classes": 4,
    "iters": 2,
}


def inputs():
    rng = np.random.default_rng(0)
    images = rng.normal(size=(32, 16)).astype(np.float32)
    return (images,)


def train(config, images):
    axes = config["mesh"]["axes"]
    mesh = jax.make_mesh(config["mesh"]["shape"], (axes["particles"], axes["pixels"]))
    images = jax.device_put(images, NamedSharding(mesh, P(axes["particles"], axes["pixels"])))

    def e_step(imgs):
        refs = imgs[: config["n_classes"]]
        for _ in range(config["iters"]):
            scores = imgs @ refs.T
            resp = jax.nn.softmax(scores, axis=-1)
            local = resp.T @ imgs / imgs.shape[0]
            refs = jax.lax.pmean(local, axes["particles"])
        return jax.lax.all_gather(refs, axes["particles"], axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(e_step, mesh=mesh, in_specs=P(axes["particles"], axes["pixels"]),
                       out_specs=P(None, axes["pixels"], reduced={axes["particles"]}))
    return fn(images)


def main(images):
    return train(DEFAULT_CONFIG, images)


if __name__ == "__main__":
    print(main(*inputs()).shape)
