"""lingvo_lite/layers/moe/dispatch_combine.py

Expert-parallel feed-forward with the usual all_to_all round trip: each token shard sends its
per-expert buffers to the shard that owns the expert, the local experts run, and the results
come back with the inverse all_to_all. Both exchanges are children built from one template.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class AllToAll(BaseLayer):
  HPARAMS = dict(axis=None, split_dim=0, concat_dim=0)

  def fprop(self, x):
    return jax.lax.all_to_all(x, self.axis, self.split_dim, self.concat_dim, tiled=True)


class ExpertFFN(BaseLayer):
  HPARAMS = dict(num_experts=0, model_dims=0, hidden_dims=0, a2a_tpl=None)

  def setup(self):
    axis = self.weight_split_dims_mapping.wi[0]
    self.create_child('dispatch', self.a2a_tpl.clone(axis=axis, split_dim=0, concat_dim=1))
    self.create_child('combine', self.a2a_tpl.clone(axis=axis, split_dim=1, concat_dim=0))

  def init(self, key):
    k1, k2 = jax.random.split(key)
    return (jax.random.normal(k1, (self.num_experts, self.model_dims, self.hidden_dims)) * 0.1,
            jax.random.normal(k2, (self.num_experts, self.hidden_dims, self.model_dims)) * 0.1)

  def body(self, buffers, wi, wo):
    mine = self.dispatch(buffers)
    h = jax.nn.relu(jnp.einsum('ecd,edh->ech', mine, wi))
    return self.combine(jnp.einsum('ech,ehd->ecd', h, wo))

  def fprop(self, mesh, theta, buffers):
    wt = self.weight_split_dims_mapping
    spec = split_spec(self.activation_split_dims_mapping.buffers)
    return jax.shard_map(self.body, mesh=mesh, in_specs=(spec, split_spec(wt.wi), split_spec(wt.wo)),
                         out_specs=spec)(buffers, *theta)


@experiment_registry.register
class ExpertRoundTrip2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'expert')

  def task(self):
    return Config(ExpertFFN, num_experts=4, model_dims=4, hidden_dims=8,
                  a2a_tpl=Config(AllToAll), mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(wi=('expert', None, None), wo=('expert', None, None)),
                  activation_split_dims_mapping=SplitDims(buffers=(None, ('data', 'expert'), None)))


def inputs():
  rng = np.random.default_rng(72)
  return 'ExpertRoundTrip2x4', rng.standard_normal((4, 16, 4)).astype(np.float32)


def main(exp_name, buffers):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  wt = layer.weight_split_dims_mapping
  wi, wo = layer.init(jax.random.PRNGKey(0))
  theta = (place(mesh, wi, wt.wi), place(mesh, wo, wt.wo))
  buffers = place(mesh, buffers, layer.activation_split_dims_mapping.buffers)
  with jax.set_mesh(mesh):
    out = layer.fprop(mesh, theta, buffers)
  print(out.shape)


if __name__ == '__main__':
  main(*inputs())
