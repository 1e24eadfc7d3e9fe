"""FEBAR -- 1-D bar / 2-D truss finite elements, support reactions.

Fortran 90 original: febar.f90, MODULE fe_data (nel, nnode, ndof, E, A),
SUBROUTINE reactions.  Elements are split over 'el', force components over
'dof'.  fe_setup() plays the part of the old READ(5, NML=febar).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# MODULE fe_data
nel = 0
ndof = 0
young = 0.0
area = 0.0
el_ax = 'el'
dof_ax = 'dof'
fe_mesh = None

febar_nml = "&febar nel=32, ndof=2, young=2.1e11, area=1.0e-4 /"


def fe_setup(nml):
    global nel, ndof, young, area, fe_mesh
    txt = nml.split('&febar')[1].rstrip('/ ')
    vals = {}
    for pair in txt.split(','):
        k, v = pair.split('=')
        vals[k.strip()] = v.strip()
    nel = int(vals['nel'])
    ndof = int(vals['ndof'])
    young = float(vals['young'])
    area = float(vals['area'])
    fe_mesh = jax.make_mesh((4, 2), (el_ax, dof_ax))


def reactions(strain, dircos):
    # element forces N_e = E*A*eps_e, projected on the global dofs
    fel = young * area * strain[:, None] * dircos
    rsum = jax.lax.psum(jnp.sum(fel, axis=0), el_ax)
    rhist = jax.lax.all_gather(rsum, el_ax, to='reduced')
    return rsum, rhist


def inputs():
    fe_setup(febar_nml)
    strain = np.linspace(-1e-4, 1e-4, nel, dtype=np.float32)
    ang = np.linspace(0.0, np.pi / 2, nel, dtype=np.float32)
    dircos = np.stack([np.cos(ang), np.sin(ang)], axis=1).astype(np.float32)
    return strain, dircos


def main(strain, dircos):
    strain = jax.device_put(strain, NamedSharding(fe_mesh, P(el_ax)))
    dircos = jax.device_put(dircos, NamedSharding(fe_mesh, P(el_ax, dof_ax)))
    f = jax.shard_map(reactions, mesh=fe_mesh, in_specs=(P(el_ax), P(el_ax, dof_ax)),
                      out_specs=(P(dof_ax), P(None, dof_ax, reduced={el_ax})))
    r, _ = jax.jit(f)(strain, dircos)
    print(' REACTIONS: RX=%12.4E  RY=%12.4E' % tuple(float(v) for v in np.asarray(r)))
    return r


if __name__ == "__main__":
    main(*inputs())
