"""Wall heat flux post-processor for the HEAT2D conduction runs.

MATLAB original: wallflux.m (thermal group, 2009). Translated line by line,
the MATLAB helpers kept as thin wrappers so the diff against the .m file
stays readable. Module globals play the part of the old `global` declarations.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

global_nx = None
global_ny = None
global_k = None       # conductivity, W/m/K
ROWS = None
COLS = None
PROCGRID = None


def zeros(n, m):
    return np.zeros((n, m), dtype=np.float32)


def linspace(a, b, n):
    return np.linspace(a, b, n, dtype=np.float32)


def init_wallflux(nx, ny, k, rows='r', cols='c'):
    global global_nx, global_ny, global_k, ROWS, COLS, PROCGRID
    global_nx, global_ny, global_k = nx, ny, k
    ROWS, COLS = rows, cols
    PROCGRID = jax.make_mesh((4, 2), (ROWS, COLS))


def gather_flux(q, dims, idim):
    # qg = gplot_gather(q, dims, idim);   (idim is 1-based, as in the .m file)
    return jax.lax.all_gather(q, dims, axis=idim - 1, tiled=True, to='reduced')


def wallflux(T, hx, hy):
    # [qx, qy, qwall] = wallflux(T, hx, hy)
    n = T.shape[0]
    qx = zeros(n, T.shape[1])
    qx = -global_k * (T[1:, :] - T[:-1, :]) / hx
    qx = jnp.concatenate([qx, qx[-1:, :]], axis=0)
    qy = -global_k * (T[:, 1:] - T[:, :-1]) / hy
    qy = jnp.concatenate([qy, qy[:, -1:]], axis=1)
    qrow = gather_flux(qx, ROWS, 1)
    qwall = gather_flux(qrow, (ROWS, COLS), 2)
    return qx, qy, qwall


def inputs():
    init_wallflux(32, 16, 45.0)
    x = linspace(0.0, 1.0, global_nx)
    y = linspace(0.0, 0.5, global_ny)
    X, Y = np.meshgrid(x, y, indexing='ij')
    T = (300.0 + 50.0 * np.sin(np.pi * X) * np.cosh(np.pi * Y)).astype(np.float32)
    return T, float(x[1] - x[0]), float(y[1] - y[0])


def main(T, hx, hy):
    Td = jax.device_put(T, NamedSharding(PROCGRID, P(ROWS, COLS)))
    f = jax.shard_map(lambda t: wallflux(t, hx, hy), mesh=PROCGRID,
                      in_specs=P(ROWS, COLS),
                      out_specs=(P(ROWS, COLS), P(ROWS, COLS), P(None, None, reduced={ROWS, COLS})))
    qx, qy, qwall = jax.jit(f)(Td)
    print('max |qx| = %10.3f W/m2' % float(jnp.max(jnp.abs(qx))))
    print('max |qy| = %10.3f W/m2' % float(jnp.max(jnp.abs(qy))))
    return qx, qy


if __name__ == "__main__":
    main(*inputs())
