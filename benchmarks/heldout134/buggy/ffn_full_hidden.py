"""lingvo_lite/layers/transformers/ffn_allgather_hidden.py

Feed-forward variant for small hidden sizes: the first projection is column-split over 'mdl',
then the hidden activations are all-gathered so each model shard applies the activation and the
(replicated) output projection to the full hidden vector.
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


class Activation(BaseLayer):
  HPARAMS = dict(fn='gelu')

  def fprop(self, h):
    return {'gelu': jax.nn.gelu, 'relu': jax.nn.relu, 'silu': jax.nn.silu}[self.fn](h)


class GatherHiddenFFN(BaseLayer):
  HPARAMS = dict(input_dims=0, hidden_dims=0, activation_tpl=None, gather_axis=None)

  def setup(self):
    self.create_child('act', self.activation_tpl)

  def init(self, key):
    k1, k2 = jax.random.split(key)
    return {'wi': jax.random.normal(k1, (self.input_dims, self.hidden_dims)) * 0.1,
            'wo': jax.random.normal(k2, (self.hidden_dims, self.input_dims)) * 0.1}

  def _body(self, x, wi, wo):
    h_local = x @ wi
    h_full = jax.lax.all_gather(h_local, self.gather_axis, axis=1, tiled=True, to='reduced')
    h_full = self.act(h_full)
    return h_full @ wo

  def fprop(self, mesh, theta, x):
    wt = self.weight_split_dims_mapping
    act = self.activation_split_dims_mapping
    fn = jax.shard_map(self._body, mesh=mesh,
                       in_specs=(split_spec(act.inp), split_spec(wt.wi), split_spec(wt.wo)),
                       out_specs=split_spec(act.out))
    return fn(x, theta['wi'], theta['wo'])


@experiment_registry.register
class GatherHidden4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('replica', 'mdl')

  def task(self):
    return Config(GatherHiddenFFN, input_dims=8, hidden_dims=8,
                  activation_tpl=Config(Activation, fn='gelu'), gather_axis='mdl',
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(wi=(None, 'mdl'), wo=(None, None)),
                  activation_split_dims_mapping=SplitDims(inp=('replica', None),
                                                          out=('replica', None)))


def inputs():
  return 'GatherHidden4x2', np.eye(8, dtype=np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  theta = layer.init(jax.random.PRNGKey(4))
  wt = layer.weight_split_dims_mapping
  theta = {k: place(mesh, v, getattr(wt, k)) for k, v in theta.items()}
  x = place(mesh, x, layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    y = layer.fprop(mesh, theta, x)
  print(y.shape, float(jnp.abs(y).sum()))


if __name__ == '__main__':
  main(*inputs())
