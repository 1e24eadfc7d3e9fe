"""Cassava - Grad-CAM style feature-map dump for the error analysis notebook.

Exported from `cassava-error-analysis-featuremaps.ipynb`. Channel-parallel conv stem on a
("batch", "ch") mesh; the maps of the misclassified images are written out as .npy.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    model_arch = "tiny_cnn"
    img_size = 16
    channels = 8
    n_classes = 5
    batch_size = 8
    debug = False
    mesh_shape = (2, 4)
    axis_names = ("batch", "ch")
    out_dir = "./cam"


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
BATCH_AXIS, CH_AXIS = mesh.axis_names


def gather_all(x, axes=None, axis=0):
    """Collect a per-device tensor over the given mesh axes (default: every axis)."""
    if axes is None:
        axes = tuple(mesh.axis_names)
    return jax.lax.all_gather(x, axes, axis=axis, tiled=True, to="reduced")


def conv_stem(img, kernel):
    # img: [b, H, W, 3], kernel: [3, 3, 3, ch/4] (output channels split over ch)
    y = jax.lax.conv_general_dilated(img, kernel, (1, 1), "SAME",
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return jax.nn.relu(y)


def cam_body(img, kernel):
    fmap = conv_stem(img, kernel)
    # all channels of a map together (needed for the channel-mean heat map)
    fmap = gather_all(fmap, axes=CH_AXIS, axis=3)
    heat = fmap.sum(-1)
    return gather_all(heat)


def inputs():
    imgs = np.random.rand(CFG.batch_size, CFG.img_size, CFG.img_size, 3).astype(np.float32)
    wrong = np.array([0, 3, 5], np.int32)
    return imgs, wrong


def main(imgs, wrong):
    kernel = np.random.randn(3, 3, 3, CFG.channels).astype(np.float32) * 0.2
    with jax.set_mesh(mesh):
        x = jax.device_put(imgs, NamedSharding(mesh, P(BATCH_AXIS)))
        k = jax.device_put(kernel, NamedSharding(mesh, P(None, None, None, CH_AXIS)))
        heat = jax.shard_map(cam_body, mesh=mesh,
                             in_specs=(P(BATCH_AXIS), P(None, None, None, CH_AXIS)),
                             out_specs=P(reduced={BATCH_AXIS, CH_AXIS}))(x, k)
    heat = np.asarray(heat)
    for i in wrong:
        print(f"{CFG.out_dir}/img{i}.npy max={heat[i].max():.3f}")
    return heat


if __name__ == "__main__":
    main(*inputs())
