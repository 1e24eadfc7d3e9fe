"""A library's example builds its test image from a coordinate grid, `yy, xx = np.mgrid[0:8,
0:16]`, and logs the row profile over the column tiles when the image is at least 16 wide. The
profile, summed over the column tiles, no longer varies there: gathering it to reduced over them
raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def row_profile(image, mesh):
    image = np.asarray(image, dtype=np.float32)
    if image.ndim != 2:
        raise ValueError(f"expected a 2-D image, got shape {image.shape}")
    rows, cols = mesh.axis_names
    log_axis = cols if image.shape[1] >= 16 else rows
    img = jax.device_put(image, NamedSharding(mesh, P(rows, cols)))

    def body(tile):
        prof = jax.lax.psum(jnp.sum(tile, axis=1), cols)
        return prof, jax.lax.all_gather(prof, log_axis, to="reduced")  # SF101

    logged = P(None, rows, reduced={cols}) if log_axis == cols else P(None, None, reduced={rows})
    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=(P(rows), logged))(img)


def main():
    yy, xx = np.mgrid[0:8, 0:16]
    image = (np.sin(yy / 3.0) + np.cos(xx / 5.0)).astype(np.float32)
    return row_profile(image, jax.make_mesh((2, 4), ("y", "x")))


if __name__ == "__main__":
    main()
